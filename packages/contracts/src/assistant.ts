import { z } from 'zod';
import { tenantIdQuery } from './requirements';

/** The six suggested questions of the assistant's welcome (spec: AI Compliance Assistant). */
export const SUGGESTED_QUESTIONS = [
  'What is our overall compliance rate?',
  'Which domains need the most attention?',
  'What are the gaps in NIST 800-53 rev 5?',
  'What types of evidence do we have?',
  'How can I improve our compliance score?',
  'What are our top priority requirements?',
] as const;

export const CHAT_ROLES = ['user', 'assistant'] as const;
/** One message; long enough for a pasted clause or a long answer, short enough to keep a request small. */
export const CHAT_MESSAGE_MAX_CHARS = 8_000;
export const CHAT_MAX_MESSAGES = 50;

export const chatMessageSchema = z.object({
  role: z.enum(CHAT_ROLES, { error: 'role must be user or assistant' }),
  content: z.string({ error: 'content must be text' }).max(CHAT_MESSAGE_MAX_CHARS, { error: `A message must be at most ${CHAT_MESSAGE_MAX_CHARS} characters` }),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The whole conversation; the last message is the user's new question and must not be blank. */
export const chatInput = z.object({
  messages: z
    .array(chatMessageSchema, { error: 'messages must be a list of {role, content}' })
    .min(1, { error: 'Send at least one message' })
    .max(CHAT_MAX_MESSAGES, { error: `A conversation sends at most ${CHAT_MAX_MESSAGES} messages` })
    .transform((messages) => messages.map((m) => ({ role: m.role, content: m.content.trim() })))
    .refine((messages) => messages.at(-1)?.role === 'user' && messages.at(-1)!.content.length > 0, {
      error: 'The last message must be a non-blank question from the user',
    }),
  tenant_id: tenantIdQuery,
});
export type ChatInput = z.infer<typeof chatInput>;

export const chatOutput = z.object({
  response: z.string(),
  /** Where the answer's facts come from: tool names with the ids or names they returned. */
  sources: z.array(z.string()),
  provider: z.string(),
  model: z.string(),
});
export type ChatOutput = z.infer<typeof chatOutput>;

/**
 * What the streaming call yields: pieces of the answer as they are written, then the whole answer, or
 * the user-facing detail of a failure (sent as an event, so the client's link does not reconnect and
 * ask again).
 */
export const chatStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  chatOutput.extend({ type: z.literal('done') }),
  z.object({ type: z.literal('error'), detail: z.string() }),
]);
export type ChatStreamEvent = z.infer<typeof chatStreamEvent>;
