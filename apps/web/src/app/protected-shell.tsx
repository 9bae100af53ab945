import { SessionProvider } from '../auth/session-context';
import { OrganizationProvider } from '../context/organization-context';
import { TenantProvider } from '../context/tenant-context';
import { AppLayout } from '../layout/app-layout';

/** Everything behind the login: the session gate, the tenant and organization contexts, the layout. */
export function ProtectedShell() {
  return (
    <SessionProvider>
      <TenantProvider>
        <OrganizationProvider>
          <AppLayout />
        </OrganizationProvider>
      </TenantProvider>
    </SessionProvider>
  );
}
