import { Navigate } from 'react-router-dom';
import { rollupPath } from '../auth/landing-path';
import { usePermissions } from '../auth/session-context';

/**
 * /executive-dashboard: a product admin goes to the rollup of the first of all organizations, a
 * manager to the first managed one, anyone else to My Dashboard. (While permissions load, the
 * session gate shows 'Loading...'.)
 */
export function ExecutiveDashboardRedirect() {
  const permissions = usePermissions();
  const target = permissions.isProductAdmin
    ? permissions.allOrganizations[0]
    : permissions.managedOrganizations[0];
  return <Navigate to={target ? rollupPath(target.id) : '/my-dashboard'} replace />;
}
