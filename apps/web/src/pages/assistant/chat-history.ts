import { CHAT_MAX_MESSAGES, type ChatMessage } from '@compliance/contracts/assistant';

/**
 * Characters of message content sent with one question. The streaming call carries its input in the
 * URL (server-sent events are GET requests), so the conversation sent must stay well inside the
 * server's header limit; the newest messages matter most to the answer.
 */
export const HISTORY_BUDGET_CHARS = 4_000;

/** The longest question the input accepts, for the same reason (the server takes up to 8,000 by POST). */
export const QUESTION_MAX_CHARS = HISTORY_BUDGET_CHARS;

/**
 * The newest messages that fit in both limits, in their original order: counted from the end and
 * stopping at the first that does not fit, so no gap is left.
 */
export function newestMessages<T extends ChatMessage>(messages: readonly T[], maxMessages: number, budget: number): T[] {
  const kept: T[] = [];
  let used = 0;
  for (let index = messages.length - 1; index >= 0 && kept.length < maxMessages; index -= 1) {
    const message = messages[index]!;
    if (used + message.content.length > budget) break;
    used += message.content.length;
    kept.unshift(message);
  }
  return kept;
}

/** How much of an earlier answer is sent back: the questions carry the thread, answers only their opening. */
export const ANSWER_EXCERPT_CHARS = 600;

function excerpt({ role, content }: ChatMessage): ChatMessage {
  return { role, content: role === 'assistant' && content.length > ANSWER_EXCERPT_CHARS ? `${content.slice(0, ANSWER_EXCERPT_CHARS - 1)}…` : content };
}

/**
 * The conversation to send: always the new question, preceded by as many earlier messages as fit in
 * the budget (newest first, see newestMessages), in their original order. Earlier answers are cut to
 * their opening, so a long answer never pushes the question before it out of a follow-up.
 */
export function boundedHistory(previous: readonly ChatMessage[], question: string, budget = HISTORY_BUDGET_CHARS): ChatMessage[] {
  const earlier = newestMessages(previous.map(excerpt), CHAT_MAX_MESSAGES - 1, budget - question.length);
  return [...earlier, { role: 'user', content: question }];
}
