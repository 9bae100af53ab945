import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { usePermissions } from '../auth/session-context';

/** Screens for product admins only; anyone else is sent to My Dashboard. */
export function ProductAdminOnly({ children }: { children: ReactNode }) {
  const { isProductAdmin } = usePermissions();
  return isProductAdmin ? <>{children}</> : <Navigate to="/my-dashboard" replace />;
}
