import { useEffect } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { BuildingIcon, CheckCircleIcon, LayersIcon, PlusIcon, UsersIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { StatTile } from '../../components/stat-tile';
import { useCallerAccess } from '../../components/use-caller-access';
import { trpc } from '../../lib/trpc';
import { CustomerRow } from './customer-row';
import { MfaRequirementToggle, useMfaRequirements } from './mfa-requirement-toggle';

export function CustomerAdminPage() {
  const navigate = useNavigate();
  const access = useCallerAccess();
  const customers = trpc.organizations.allCustomers.useQuery(undefined, { enabled: access.isProductAdmin });
  const mfaRequired = useMfaRequirements(access.isProductAdmin);

  useEffect(() => {
    if (customers.error) console.error('Failed to load customers', customers.error);
  }, [customers.error]);

  if (!access.isLoading && !access.isProductAdmin) return <Navigate to="/my-dashboard" replace />;

  const list = customers.data ?? [];
  const totals = {
    customers: list.length,
    tenants: list.reduce((sum, c) => sum + c.tenant_count, 0),
    active: list.filter((c) => c.is_active).length,
    users: list.reduce((sum, c) => sum + c.user_count, 0),
  };

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
        <h2 className="border-b border-slate-200 px-5 py-4 text-base font-semibold text-slate-900">All Customers</h2>
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
                actions={<MfaRequirementToggle organization={customer} required={mfaRequired.has(customer.id)} />}
              />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
