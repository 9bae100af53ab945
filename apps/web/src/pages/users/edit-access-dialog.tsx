import type { User } from '@compliance/contracts/auth';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { CONTROL_CLASS } from '../../components/form-field';
import { Dialog } from '../../components/dialog';
import { failureMessage } from '../../components/error-detail';
import { useCallerAccess } from '../../components/use-caller-access';
import { trpc } from '../../lib/trpc';
import { type TenantGrant, TenantGrants, useAdministeredOrganizations } from './tenant-grants';

type MembershipRole = 'manager' | 'member';

interface EditAccessDialogProps {
  user: User;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/**
 * A user's organizations and tenants, with the role in each, inside what the caller administers.
 * Saving replaces exactly those; memberships elsewhere stay. The user's next request sees the change.
 */
export function EditAccessDialog({ user, onClose, onSaved }: EditAccessDialogProps) {
  const access = useCallerAccess();
  const organizations = useAdministeredOrganizations(access.canAdministerOrganization);
  const current = trpc.users.memberships.useQuery({ id: user.id });
  const save = trpc.users.replaceMemberships.useMutation();
  const [memberships, setMemberships] = useState<Map<string, MembershipRole>>(new Map());
  const [grants, setGrants] = useState<TenantGrant[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!current.data) return;
    setMemberships(new Map(current.data.organizations.map((m) => [m.organization_id, m.role])));
    setGrants(current.data.tenants.map((t) => ({ tenant_id: t.tenant_id, role: t.role })));
  }, [current.data]);

  function setMembership(organizationId: string, role: MembershipRole | null) {
    setMemberships((map) => {
      const next = new Map(map);
      if (role) next.set(organizationId, role);
      else next.delete(organizationId);
      return next;
    });
  }

  async function submit() {
    setError(null);
    try {
      await save.mutateAsync({
        id: user.id,
        organizations: [...memberships].map(([organization_id, role]) => ({ organization_id, role })),
        tenants: grants,
      });
      onSaved(`Access of "${user.username}" updated`);
    } catch (failure) {
      setError(failureMessage(failure, 'Failed to update access'));
    }
  }

  return (
    <Dialog
      title={`Edit access: ${user.username}`}
      subtitle={`Own role: ${user.role}. A tenant set to "User's role" uses it.`}
      onClose={onClose}
      busy={save.isPending}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={save.isPending || !current.data}>
            {save.isPending ? 'Saving...' : 'Save Access'}
          </Button>
        </>
      }
    >
      {error && (
        <div className="mb-4">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
      {current.isLoading ? (
        <p className="text-sm text-slate-500">Loading access...</p>
      ) : current.isError ? (
        <Alert tone="error">{failureMessage(current.error, 'Failed to load access')}</Alert>
      ) : (
        <div className="space-y-6">
          {organizations.map((org) => {
            const role = memberships.get(org.id) ?? null;
            return (
              <section key={org.id} className="space-y-3 rounded-lg border border-slate-200 p-4">
                <div className="flex flex-wrap items-center gap-3">
                  <h3 className="flex-1 text-sm font-semibold text-slate-900">{org.name}</h3>
                  <select
                    aria-label={`Membership in ${org.name}`}
                    className={`${CONTROL_CLASS} w-48 border-slate-300`}
                    value={role ?? ''}
                    onChange={(e) => setMembership(org.id, (e.target.value || null) as MembershipRole | null)}
                  >
                    <option value="">Not a member</option>
                    <option value="member">Member</option>
                    {access.canManageOrganization(org.id) && <option value="manager">Manager</option>}
                  </select>
                </div>
                <TenantGrants organizationId={org.id} organizationName={org.name} grants={grants} onChange={setGrants} />
              </section>
            );
          })}
        </div>
      )}
    </Dialog>
  );
}
