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
 * The conversation to send: always the new question, preceded by as many earlier messages as fit in
 * the budget, newest first (stopping at the first that does not fit, so no gap is left), in their
 * original order.
 */
export function boundedHistory(previous: readonly ChatMessage[], question: string, budget = HISTORY_BUDGET_CHARS): ChatMessage[] {
  const sent: ChatMessage[] = [{ role: 'user', content: question }];
  let used = question.length;
  for (let index = previous.length - 1; index >= 0 && sent.length < CHAT_MAX_MESSAGES; index -= 1) {
    const message = previous[index]!;
    if (used + message.content.length > budget) break;
    used += message.content.length;
    sent.unshift({ role: message.role, content: message.content });
  }
  return sent;
}
