import { chatInput, chatOutput } from '@compliance/contracts/assistant';
import { chatWithAssistant, streamAssistantChat } from '@compliance/domain/assistant/chat-service';
import { toTRPCError } from '../trpc/errors';
import { router, tenantProcedure } from '../trpc/trpc';

export const assistantRouter = router({
  chat: tenantProcedure
    .meta({ openapi: { method: 'POST', path: '/assistant/chat', tags: ['assistant'], summary: "Ask the compliance assistant about the current tenant's data (the whole conversation)" } })
    .input(chatInput)
    .output(chatOutput)
    .mutation(({ ctx, input }) => chatWithAssistant(ctx.deps.db, ctx.deps.engine, ctx.actor, ctx.tenantId, input.messages)),

  /** The same answer streamed over server-sent events: deltas as they are written, then the whole answer. */
  stream: tenantProcedure.input(chatInput).subscription(async function* ({ ctx, input, signal }) {
    try {
      yield* streamAssistantChat(ctx.deps.db, ctx.deps.engine, ctx.actor, ctx.tenantId, input.messages, signal);
    } catch (error) {
      // Errors raised while streaming come after the middleware chain has returned: map them here.
      throw toTRPCError(error) ?? error;
    }
  }),
});
