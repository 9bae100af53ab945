import { type ChatStreamEvent, chatInput, chatOutput } from '@compliance/contracts/assistant';
import { chatWithAssistant, streamAssistantChat } from '@compliance/domain/assistant/chat-service';
import { AppError } from '@compliance/domain/errors';
import { router, tenantProcedure } from '../trpc/trpc';

export const assistantRouter = router({
  chat: tenantProcedure
    .meta({ openapi: { method: 'POST', path: '/assistant/chat', tags: ['assistant'], summary: "Ask the compliance assistant about the current tenant's data (the whole conversation)" } })
    .input(chatInput)
    .output(chatOutput)
    .mutation(({ ctx, input }) => chatWithAssistant(ctx.deps.db, ctx.deps.engine, ctx.actor, ctx.tenantId, input.messages)),

  /**
   * The same answer streamed over server-sent events: deltas as they are written, then the whole answer.
   * A failure the user can read (time-out, provider down) ends the stream with an error event: thrown,
   * it would carry a code the client's link retries, asking the question again.
   */
  stream: tenantProcedure.input(chatInput).subscription(async function* ({ ctx, input, signal }): AsyncGenerator<ChatStreamEvent> {
    try {
      yield* streamAssistantChat(ctx.deps.db, ctx.deps.engine, ctx.actor, ctx.tenantId, input.messages, signal);
    } catch (error) {
      if (error instanceof AppError) {
        yield { type: 'error', detail: error.detail };
        return;
      }
      throw error;
    }
  }),
});
