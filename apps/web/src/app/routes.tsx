import type { ComponentType, ReactNode } from 'react';
import { Navigate, Route, Routes, matchPath } from 'react-router-dom';
import { FullPageLoading } from '../layout/full-page-loading';
import { ExecutiveDashboardRedirect } from './executive-dashboard-redirect';
import { HomeRedirect } from './home-redirect';
import { type LazyPage, RoutePage, lazyPage } from './lazy-page';
import { ProductAdminOnly } from './product-admin-only';
import { ProtectedShell } from './protected-shell';
import { Screen } from './screen';

// Every page loads on first visit (its own chunk); the first chunk is the shell only. To add a screen:
// one lazyPage line and one entry in SCREENS. Nothing under pages/ may be imported statically from
// app/, or it lands in the first chunk again (scripts/check-bundle.mjs fails the build then).
const LoginPage = lazyPage(() => import('../pages/login/login-page'), 'LoginPage');
const MfaSetupPage = lazyPage(() => import('../pages/login/mfa-setup-page'), 'MfaSetupPage');
const MyDashboardPage = lazyPage(() => import('../pages/dashboard/my-dashboard-page'), 'MyDashboardPage');
const MyWorkPage = lazyPage(() => import('../pages/requirements/my-work-page'), 'MyWorkPage');
const SecurityRequirementsPage = lazyPage(() => import('../pages/requirements/security-requirements-page'), 'SecurityRequirementsPage');
const AssistantPage = lazyPage(() => import('../pages/assistant/assistant-page'), 'AssistantPage');
const ContractAnalyzerPage = lazyPage(() => import('../pages/contracts/contract-analyzer-page'), 'ContractAnalyzerPage');
const EvidenceLibraryPage = lazyPage(() => import('../pages/evidence/evidence-library-page'), 'EvidenceLibraryPage');
const PolicyGeneratorPage = lazyPage(() => import('../pages/policies/policy-generator-page'), 'PolicyGeneratorPage');
const OrganizationManagementPage = lazyPage(() => import('../pages/organizations/organization-management-page'), 'OrganizationManagementPage');
const RollupPage = lazyPage(() => import('../pages/rollup/rollup-page'), 'RollupPage');
const UserManagementPage = lazyPage(() => import('../pages/users/user-management-page'), 'UserManagementPage');
const AuditLogsPage = lazyPage(() => import('../pages/audit-logs/audit-logs-page'), 'AuditLogsPage');
const SecurityPage = lazyPage(() => import('../pages/security/security-page'), 'SecurityPage');
const CustomerAdminPage = lazyPage(() => import('../pages/customer-admin/customer-admin-page'), 'CustomerAdminPage');

interface ScreenRoute {
  path: string;
  /** The document title ("<title> · Compliance Platform"). */
  title: string;
  page: LazyPage;
  /** Wraps the page, e.g. to send people without the right elsewhere. */
  guard?: ComponentType<{ children: ReactNode }>;
}

/** Screens outside the signed-in shell. */
const PUBLIC_SCREENS: ScreenRoute[] = [
  { path: '/login', title: 'Sign in', page: LoginPage },
  { path: '/mfa-setup', title: 'Set up multi-factor authentication', page: MfaSetupPage },
];

/** Screens inside the shell (session, tenant and organization contexts, layout): spec section 2. */
const SCREENS: ScreenRoute[] = [
  { path: '/my-dashboard', title: 'My Dashboard', page: MyDashboardPage },
  { path: '/my-work', title: 'My Work', page: MyWorkPage },
  { path: '/requirements', title: 'Security Requirements', page: SecurityRequirementsPage },
  { path: '/assistant', title: 'AI Compliance Assistant', page: AssistantPage },
  { path: '/contracts', title: 'Contract Analyzer', page: ContractAnalyzerPage },
  { path: '/evidence', title: 'Evidence Library', page: EvidenceLibraryPage },
  { path: '/policies', title: 'AI Policy Generator', page: PolicyGeneratorPage },
  { path: '/organizations', title: 'Organization Management', page: OrganizationManagementPage },
  { path: '/organizations/:orgId/rollup', title: 'Executive Dashboard', page: RollupPage },
  { path: '/users', title: 'User Management', page: UserManagementPage },
  { path: '/audit-logs', title: 'Audit Logs', page: AuditLogsPage },
  { path: '/security', title: 'Security', page: SecurityPage },
  { path: '/customer-admin', title: 'Customer Admin', page: CustomerAdminPage, guard: ProductAdminOnly },
];

const outsideShell = <FullPageLoading />;

function screenElement({ title, page, guard: Guard }: ScreenRoute, fallback?: ReactNode) {
  return (
    <Screen title={title} fallback={fallback}>
      {Guard ? (
        <Guard>
          <RoutePage page={page} />
        </Guard>
      ) : (
        <RoutePage page={page} />
      )}
    </Screen>
  );
}

/**
 * Fetches the code of the screen the app opens on while the session is still being checked, instead of
 * after it (the shell renders the page only once the session, tenant and organization are known).
 */
export function preloadScreen(pathname: string) {
  const screen = [...PUBLIC_SCREENS, ...SCREENS].find(({ path }) => matchPath(path, pathname));
  void screen?.page.preload().catch(() => undefined);
}

/** Every path except the public screens' (/login, /mfa-setup) needs a session. */
export function needsSession(pathname: string): boolean {
  return !PUBLIC_SCREENS.some(({ path }) => matchPath(path, pathname));
}

/** The route table of spec section 2, and /mfa-setup for a session its organization's MFA requirement holds back. Everything except /login needs a session. */
export function AppRoutes() {
  return (
    <Routes>
      {PUBLIC_SCREENS.map((screen) => (
        <Route key={screen.path} path={screen.path} element={screenElement(screen, outsideShell)} />
      ))}
      <Route element={<ProtectedShell />}>
        <Route index element={<HomeRedirect />} />
        <Route path="dashboard" element={<HomeRedirect />} />
        <Route path="executive-dashboard" element={<ExecutiveDashboardRedirect />} />
        {SCREENS.map((screen) => (
          <Route key={screen.path} path={screen.path} element={screenElement(screen)} />
        ))}
        <Route path="*" element={<Navigate to="/my-dashboard" replace />} />
      </Route>
    </Routes>
  );
}
