import { MFA_ENROLLMENT_REQUIRED } from '@compliance/contracts/access';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BullMqQueue } from '@compliance/domain/jobs/bullmq-queue';
import { AppError } from '@compliance/domain/errors';
import { errorAnswer } from '../http/error-map';
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
  // bull-board's routes answer errors with their own handler: refusals are answered here, through the one error map.
  const refuse = (reply: FastifyReply, code: 'UNAUTHORIZED' | 'FORBIDDEN', detail: string) => {
    const answer = errorAnswer(new AppError(code, detail));
    return reply.code(answer.status).send(answer.body);
  };
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const { session } = await resolveSession(req, deps.db, deps.config.sessionLifetime);
    if (!session || session.via !== 'cookie') {
      const wantsPage = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
      if (wantsPage) return reply.redirect('/login');
      return refuse(reply, 'UNAUTHORIZED', 'Not authenticated. Please log in.');
    }
    if (session.mfaEnrollmentRequired) return refuse(reply, 'FORBIDDEN', MFA_ENROLLMENT_REQUIRED);
    if (!session.caller.isProductAdmin) return refuse(reply, 'FORBIDDEN', 'The queue dashboard is for product administrators only.');
    if (isMutation(req) && !isSameOrigin(req, { requireOrigin: true })) return refuse(reply, 'FORBIDDEN', CROSS_SITE_REFUSED);
  };
}

/** bull-board at /admin/queues over the BullMQ queue; a clear 404 in the embedded mode (in-process queue). */
export async function queueDashboard(app: FastifyInstance, opts: { deps: AppDeps }) {
  if (opts.deps.queue.driver !== 'bullmq') {
    const notAvailable = async () => {
      throw new AppError('NOT_FOUND', NO_DASHBOARD);
    };
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
