import { Link } from 'react-router-dom';
import { useCurrentUser, usePermissions } from '../auth/session-context';
import { useLogout } from '../auth/use-logout';
import { Icon } from './nav-icons';

function roleLabel(role: string, isProductAdmin: boolean, isManager: boolean): string {
  if (isProductAdmin) return 'Product Admin';
  if (isManager) return `${role} · Organization Manager`;
  return role;
}

/** Who is signed in, and the logout button, at the foot of the sidebar. */
export function UserPanel() {
  const user = useCurrentUser();
  const permissions = usePermissions();
  const { signOut, pending } = useLogout();
  const name = user.full_name || user.username;
  return (
    <div className="border-t border-slate-800 p-4">
      <div className="mb-3 flex items-center gap-3">
        <span
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-slate-700 text-sm font-semibold text-white"
          aria-hidden="true"
        >
          {name.charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-white">{name}</p>
          <p className="truncate text-xs text-slate-400">
            {roleLabel(user.role, permissions.isProductAdmin, permissions.isOrganizationManager)}
          </p>
        </div>
      </div>
      <Link
        to="/security"
        className="mb-2 flex w-full items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-300 transition-colors hover:bg-slate-800 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400"
      >
        Security
      </Link>
      <button
        type="button"
        onClick={() => void signOut()}
        disabled={pending}
        className="flex w-full items-center justify-center gap-2 rounded-lg border border-slate-700 px-3 py-2 text-sm font-medium text-slate-200 transition-colors hover:bg-slate-800 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400 disabled:opacity-50"
      >
        <Icon name="logout" className="h-4 w-4" />
        Logout
      </button>
    </div>
  );
}
