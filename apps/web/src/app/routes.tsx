import { type ReactNode, Suspense, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AuditLogsPage } from '../pages/audit-logs/audit-logs-page';
import { ContractAnalyzerPage } from '../pages/contracts/contract-analyzer-page';
import { CustomerAdminPage } from '../pages/customer-admin/customer-admin-page';
import { ExecutiveDashboardRedirect } from '../pages/dashboard/executive-dashboard-redirect';
import { HomeRedirect } from '../pages/dashboard/home-redirect';
import { MyDashboardPage } from '../pages/dashboard/my-dashboard-page';
import { EvidenceLibraryPage } from '../pages/evidence/evidence-library-page';
import { LoginPage } from '../pages/login/login-page';
import { MfaSetupPage } from '../pages/login/mfa-setup-page';
import { OrganizationManagementPage } from '../pages/organizations/organization-management-page';
import { SecurityRequirementsPage } from '../pages/requirements/security-requirements-page';
import { SecurityPage } from '../pages/security/security-page';
import { RollupPage } from '../pages/rollup/rollup-page';
import { UserManagementPage } from '../pages/users/user-management-page';
import { MyWorkPage } from '../pages/work/my-work-page';
import { ProductAdminOnly } from './product-admin-only';
import { ProtectedShell } from './protected-shell';

// The two AI screens carry the Markdown renderer (and the DOCX writer, loaded on first download):
// they load on first visit so the other screens do not pay for them.
const AssistantPage = lazy(() => import('../pages/assistant/assistant-page').then((m) => ({ default: m.AssistantPage })));
const PolicyGeneratorPage = lazy(() => import('../pages/policies/policy-generator-page').then((m) => ({ default: m.PolicyGeneratorPage })));

function OnDemand({ children }: { children: ReactNode }) {
  return <Suspense fallback={<p className="p-6 text-sm text-slate-500">Loading...</p>}>{children}</Suspense>;
}

/** The route table of spec section 2, and /mfa-setup for a session its organization's MFA requirement holds back. Everything except /login needs a session. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/mfa-setup" element={<MfaSetupPage />} />
      <Route element={<ProtectedShell />}>
        <Route index element={<HomeRedirect />} />
        <Route path="dashboard" element={<HomeRedirect />} />
        <Route path="my-dashboard" element={<MyDashboardPage />} />
        <Route path="my-work" element={<MyWorkPage />} />
        <Route path="requirements" element={<SecurityRequirementsPage />} />
        <Route path="assistant" element={<OnDemand><AssistantPage /></OnDemand>} />
        <Route path="contracts" element={<ContractAnalyzerPage />} />
        <Route path="evidence" element={<EvidenceLibraryPage />} />
        <Route path="policies" element={<OnDemand><PolicyGeneratorPage /></OnDemand>} />
        <Route path="organizations" element={<OrganizationManagementPage />} />
        <Route path="organizations/:orgId/rollup" element={<RollupPage />} />
        <Route path="users" element={<UserManagementPage />} />
        <Route path="audit-logs" element={<AuditLogsPage />} />
        <Route path="security" element={<SecurityPage />} />
        <Route
          path="customer-admin"
          element={
            <ProductAdminOnly>
              <CustomerAdminPage />
            </ProductAdminOnly>
          }
        />
        <Route path="executive-dashboard" element={<ExecutiveDashboardRedirect />} />
        <Route path="*" element={<Navigate to="/my-dashboard" replace />} />
      </Route>
    </Routes>
  );
}
