import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { BuildingIcon, CheckCircleIcon, LayersIcon, PlusIcon, UsersIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { StatTile } from '../../components/stat-tile';
import { useCallerAccess } from '../../components/use-caller-access';
import { failureMessage } from '../../components/error-detail';
import { refreshQueries } from '../../lib/refresh-queries';
import { trpc } from '../../lib/trpc';
import { CustomerRow } from './customer-row';
import { MfaRequirementToggle, useMfaRequirements } from './mfa-requirement-toggle';

export function CustomerAdminPage() {
  const navigate = useNavigate();
  const access = useCallerAccess();
  const queryClient = useQueryClient();
  const [showInactive, setShowInactive] = useState(false);
  const customers = trpc.organizations.allCustomers.useQuery(showInactive ? { include_inactive: true } : undefined, { enabled: access.isProductAdmin });
  const restore = trpc.organizations.restore.useMutation();
  const mfaRequired = useMfaRequirements(access.isProductAdmin);

  useEffect(() => {
    if (customers.error) console.error('Failed to load customers', customers.error);
  }, [customers.error]);

  if (!access.isLoading && !access.isProductAdmin) return <Navigate to="/my-dashboard" replace />;

  const list = customers.data ?? [];
  // Deleted (inactive) customers never count, even while shown.
  const active = list.filter((c) => c.is_active);
  const totals = {
    customers: active.length,
    tenants: active.reduce((sum, c) => sum + c.tenant_count, 0),
    active: active.length,
    users: active.reduce((sum, c) => sum + c.user_count, 0),
  };

  async function restoreCustomer(id: string) {
    try {
      await restore.mutateAsync({ id });
      await refreshQueries(queryClient, 'organizations', 'tenants', 'users');
    } catch (error) {
      window.alert(failureMessage(error, 'Failed to restore organization', 'Failed to restore organization. Please try again.'));
    }
  }

  return (
    <div>
      <PageHeader
        title="Customer Admin"
        subtitle="Manage all customer organizations"
        actions={
          <Button onClick={() => navigate('/organizations')}>
            <PlusIcon />
            New Organization
          </Button>
        }
      />

      <div className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatTile label="Total Customers" value={totals.customers} icon={<BuildingIcon />} />
        <StatTile label="Total Tenants" value={totals.tenants} icon={<LayersIcon />} />
        <StatTile label="Active Customers" value={totals.active} icon={<CheckCircleIcon />} />
        <StatTile label="Total Users" value={totals.users} icon={<UsersIcon />} />
      </div>

      <Card>
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-4">
          <h2 className="text-base font-semibold text-slate-900">All Customers</h2>
          <label className="flex items-center gap-2 text-sm text-slate-600">
            <input type="checkbox" checked={showInactive} onChange={(e) => setShowInactive(e.target.checked)} />
            Show inactive
          </label>
        </div>
        {access.isLoading || customers.isLoading ? (
          <EmptyState>Loading customers...</EmptyState>
        ) : list.length === 0 ? (
          <EmptyState icon={<BuildingIcon className="h-10 w-10" />}>
            <p className="font-medium text-slate-700">No customers yet</p>
            <Link to="/organizations" className="font-medium text-indigo-600 hover:text-indigo-700">
              Create your first organization
            </Link>
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="All Customers">
            {list.map((customer) => (
              <CustomerRow
                key={customer.id}
                customer={customer}
                actions={
                  customer.is_active ? (
                    <MfaRequirementToggle organization={customer} required={mfaRequired.has(customer.id)} />
                  ) : (
                    <Button variant="secondary" size="sm" disabled={restore.isPending} onClick={() => void restoreCustomer(customer.id)}>
                      Restore
                    </Button>
                  )
                }
              />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
