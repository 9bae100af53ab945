import { MFA_ENROLLMENT_REQUIRED } from '@compliance/contracts/access';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BullMqQueue } from '@compliance/domain/jobs/bullmq-queue';
import { CROSS_SITE_REFUSED, isMutation, isSameOrigin } from '../http/authenticate';
import { resolveSession } from '../http/resolve-session';
import type { AppDeps } from '../trpc/context';

export const DASHBOARD_PATH = '/admin/queues';
export const NO_DASHBOARD = 'The queue dashboard needs Redis (REDIS_URL): the in-process queue of the embedded mode has no dashboard.';
/**
 * Product administrators only, in a browser session; the page sends anyone signed out to /login. Its
 * own actions (retry, clean) carry no CSRF token, so they must name this origin.
 */
function guard(deps: AppDeps) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const { session } = await resolveSession(req, deps.db, deps.config.sessionLifetime);
    if (!session || session.via !== 'cookie') {
      const wantsPage = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
      if (wantsPage) return reply.redirect('/login');
      return reply.code(401).send({ detail: 'Not authenticated. Please log in.', code: 'UNAUTHORIZED' });
    }
    if (session.mfaEnrollmentRequired) return reply.code(403).send({ detail: MFA_ENROLLMENT_REQUIRED, code: 'FORBIDDEN' });
    if (!session.caller.isProductAdmin) {
      return reply.code(403).send({ detail: 'The queue dashboard is for product administrators only.', code: 'FORBIDDEN' });
    }
    if (isMutation(req) && !isSameOrigin(req, { requireOrigin: true })) {
      return reply.code(403).send({ detail: CROSS_SITE_REFUSED, code: 'FORBIDDEN' });
    }
  };
}

/** bull-board at /admin/queues over the BullMQ queue; a clear 404 in the embedded mode (in-process queue). */
export async function queueDashboard(app: FastifyInstance, opts: { deps: AppDeps }) {
  if (opts.deps.queue.driver !== 'bullmq') {
    const notAvailable = async (_req: FastifyRequest, reply: FastifyReply) => reply.code(404).send({ detail: NO_DASHBOARD, code: 'NOT_FOUND' });
    app.all(DASHBOARD_PATH, notAvailable);
    app.all(`${DASHBOARD_PATH}/*`, notAvailable);
    return;
  }
  // bull-board loads only where there is a BullMQ queue to show.
  const [{ createBullBoard }, { BullMQAdapter }, { FastifyAdapter }] = await Promise.all([
    import('@bull-board/api'),
    import('@bull-board/api/bullMQAdapter'),
    import('@bull-board/fastify'),
  ]);
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(DASHBOARD_PATH);
  createBullBoard({
    queues: [new BullMQAdapter((opts.deps.queue as BullMqQueue).bullQueue)],
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Compliance jobs' } },
  });
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', guard(opts.deps));
      await scope.register(serverAdapter.registerPlugin());
    },
    { prefix: DASHBOARD_PATH },
  );
}
