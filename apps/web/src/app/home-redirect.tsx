import { Navigate } from 'react-router-dom';
import { landingPath } from '../auth/landing-path';
import { usePermissions } from '../auth/session-context';

/** / and /dashboard: My Dashboard, except a non-admin organization manager goes to their rollup. */
export function HomeRedirect() {
  return <Navigate to={landingPath(usePermissions())} replace />;
}
