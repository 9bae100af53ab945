import type { User, UserRoleName } from '@compliance/contracts/auth';
import type { UserMembershipSummary } from '@compliance/contracts/memberships';
import { Badge, type BadgeTone } from '../../components/badge';
import { Button } from '../../components/button';
import { ScrollRegion } from '../../components/scroll-region';

const ROLE_TONE: Record<UserRoleName, BadgeTone> = { Admin: 'purple', Editor: 'blue', Viewer: 'grey' };

interface UserTableProps {
  users: User[];
  currentUserId: string | null;
  /** The users whose rows offer Deactivate / Reset password / Delete (the server refuses the others). */
  manageableIds: ReadonlySet<string>;
  busyUserId: string | null;
  onToggle: (user: User) => void;
  onDelete: (user: User) => void;
  onResetPassword: (user: User) => void;
  /** Each user's organizations and tenants (within what the caller administers). */
  memberships: ReadonlyMap<string, UserMembershipSummary>;
  onEditAccess: (user: User) => void;
}

const TH = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500';

function AccessCell({ summary }: { summary: UserMembershipSummary | undefined }) {
  if (!summary || (!summary.organizations.length && !summary.tenants.length)) return <span className="text-xs text-slate-500">None</span>;
  return (
    <div className="space-y-1 text-xs text-slate-700">
      {summary.organizations.map((o) => (
        <div key={o.id}>
          <span className="font-medium">{o.name}</span>
          {o.role === 'manager' && <span className="text-slate-500"> (manager)</span>}
        </div>
      ))}
      {summary.tenants.length > 0 && (
        <div className="text-slate-600">{summary.tenants.map((t) => (t.role ? `${t.name} (${t.role})` : t.name)).join(', ')}</div>
      )}
    </div>
  );
}

export function UserTable({ users, currentUserId, manageableIds, busyUserId, onToggle, onDelete, onResetPassword, memberships, onEditAccess }: UserTableProps) {
  return (
    <ScrollRegion label="Users table" className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={TH}>User</th>
            <th scope="col" className={TH}>Email</th>
            <th scope="col" className={TH}>Role</th>
            <th scope="col" className={TH}>Organizations &amp; tenants</th>
            <th scope="col" className={TH}>Status</th>
            <th scope="col" className={TH}>Created</th>
            <th scope="col" className={`${TH} text-right`}>Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {users.map((user) => (
            <tr key={user.id} className="hover:bg-slate-50/60">
              <td className="px-4 py-3">
                <div className="text-sm font-medium text-slate-900">{user.username}</div>
                {user.full_name && <div className="text-xs text-slate-500">{user.full_name}</div>}
              </td>
              <td className="px-4 py-3 text-sm text-slate-700">{user.email}</td>
              <td className="px-4 py-3">
                <Badge tone={ROLE_TONE[user.role]}>{user.role}</Badge>
              </td>
              <td className="px-4 py-3">
                <AccessCell summary={memberships.get(user.id)} />
              </td>
              <td className="px-4 py-3">
                <Badge tone={user.is_active ? 'green' : 'red'}>{user.is_active ? 'Active' : 'Inactive'}</Badge>
              </td>
              <td className="px-4 py-3 text-sm whitespace-nowrap text-slate-600">
                {new Date(user.created_at).toLocaleDateString()}
              </td>
              <td className="px-4 py-3">
                {currentUserId !== null && user.id !== currentUserId && manageableIds.has(user.id) && (
                  <div className="flex justify-end gap-2 whitespace-nowrap">
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={busyUserId === user.id}
                      onClick={() => onToggle(user)}
                    >
                      {user.is_active ? 'Deactivate' : 'Activate'}
                    </Button>
                    <Button variant="secondary" size="sm" disabled={busyUserId === user.id} onClick={() => onEditAccess(user)}>
                      Edit access
                    </Button>
                    <Button variant="secondary" size="sm" disabled={busyUserId === user.id} onClick={() => onResetPassword(user)}>
                      Reset password
                    </Button>
                    <Button variant="danger" size="sm" disabled={busyUserId === user.id} onClick={() => onDelete(user)}>
                      Delete
                    </Button>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
