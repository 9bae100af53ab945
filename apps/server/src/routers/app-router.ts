import { assistantRouter } from './assistant-router';
import { auditRouter } from './audit-router';
import { contractsRouter, evidenceRouter } from './documents-router';
import { jobsRouter } from './jobs-router';
import { mfaRouter } from './mfa-router';
import { authRouter } from './auth-router';
import { organizationsRouter } from './organizations-router';
import { policiesRouter } from './policies-router';
import { reportsRouter } from './reports-router';
import { requirementsRouter } from './requirements-router';
import { tenantsRouter } from './tenants-router';
import { tokensRouter } from './tokens-router';
import { usersRouter } from './users-router';
import { router } from '../trpc/trpc';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  organizations: organizationsRouter,
  tenants: tenantsRouter,
  audit: auditRouter,
  requirements: requirementsRouter,
  reports: reportsRouter,
  contracts: contractsRouter,
  evidence: evidenceRouter,
  jobs: jobsRouter,
  policies: policiesRouter,
  assistant: assistantRouter,
  mfa: mfaRouter,
  tokens: tokensRouter,
});

export type AppRouter = typeof appRouter;
