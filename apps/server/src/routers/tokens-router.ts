import { z } from 'zod';
import { apiTokenListOutput, createApiTokenInput, createdApiTokenOutput } from '@compliance/contracts/access';
import { idParam, successOutput } from '@compliance/contracts/common';
import { createApiToken, listMyApiTokens, revokeMyApiToken } from '@compliance/domain/api-tokens/api-token-service';
import { router, sessionProcedure } from '../trpc/trpc';

const tags = ['auth'];

/** Personal API tokens of the signed-in user; only a browser session manages them. */
export const tokensRouter = router({
  list: sessionProcedure
    .meta({ openapi: { method: 'GET', path: '/auth/tokens', tags, summary: 'My API tokens (never their secrets)' } })
    .input(z.void())
    .output(apiTokenListOutput)
    .query(async ({ ctx }) => ({ tokens: await listMyApiTokens(ctx.deps.db, ctx.actor) })),

  create: sessionProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/tokens', tags, summary: 'Create an API token; its secret is in this answer only' } })
    .input(createApiTokenInput)
    .output(createdApiTokenOutput)
    .mutation(({ ctx, input }) => createApiToken(ctx.deps.db, ctx.actor, input)),

  revoke: sessionProcedure
    .meta({ openapi: { method: 'DELETE', path: '/auth/tokens/{id}', tags, summary: 'Revoke one of my API tokens' } })
    .input(idParam)
    .output(successOutput)
    .mutation(({ ctx, input }) => revokeMyApiToken(ctx.deps.db, ctx.actor, input.id)),
});
