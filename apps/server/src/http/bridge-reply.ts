import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

type Handler = (this: unknown, req: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * The REST bridge (trpc-to-openapi) calls reply.send without awaiting it, and its async handler
 * resolves straight after. When the onSend hooks take a few more ticks than that, Fastify still sees
 * an unsent reply and sends a second, empty one, which fails on headers already written. The wrapped
 * handler resolves only once the bridge's answer has been written (or the connection closed).
 */
export function awaitBridgeReply(route: RouteOptions) {
  const handler = route.handler as Handler;
  route.handler = async function (this: unknown, req: FastifyRequest, reply: FastifyReply) {
    await handler.call(this, req, reply);
    if (reply.sent) return;
    await new Promise<void>((resolve) => {
      reply.raw.once('finish', resolve);
      reply.raw.once('close', resolve);
    });
  };
}
