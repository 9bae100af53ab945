import { useSession } from '../../auth/session-context';
import { trpc } from '../../lib/trpc';

const NONE: ReadonlySet<string> = new Set();

/**
 * The ids of the listed users whose rows offer Deactivate and Delete: the server's own answer
 * (users.manageable, the rule those calls enforce), so no row offers an action the server would
 * refuse. Until it loads, no row offers anything.
 */
export function useManageableUserIds(): ReadonlySet<string> {
  const { user, permissions } = useSession();
  const administers = permissions.isProductAdmin || permissions.isOrganizationManager || user.role === 'Admin';
  const manageable = trpc.users.manageable.useQuery(undefined, { enabled: administers });
  const ids = manageable.data?.ids;
  return ids ? new Set(ids) : NONE;
}
