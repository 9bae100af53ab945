import type { Tenant } from '@compliance/contracts/tenants';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';

interface TenantListProps {
  tenants: Tenant[];
  canManage: boolean;
  onEdit: (tenant: Tenant) => void;
  onDelete: (tenant: Tenant) => void;
  /** Offered on inactive tenants instead of Edit and Delete (organization managers). */
  onRestore?: (tenant: Tenant) => void;
}

export function TenantList({ tenants, canManage, onEdit, onDelete, onRestore }: TenantListProps) {
  return (
    <ul className="grid gap-4 xl:grid-cols-2" aria-label="Tenants">
      {tenants.map((tenant) => (
        <li key={tenant.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <h3 className="font-semibold text-slate-900">{tenant.name}</h3>
            <Badge tone={tenant.is_active ? 'green' : 'red'}>{tenant.is_active ? 'Active' : 'Inactive'}</Badge>
          </div>
          {tenant.description && <p className="mt-1 text-sm text-slate-600">{tenant.description}</p>}
          <div className="mt-3 flex flex-wrap gap-1.5">
            {tenant.assigned_frameworks.length ? (
              tenant.assigned_frameworks.map((framework) => (
                <Badge key={framework} tone="indigo">
                  {framework}
                </Badge>
              ))
            ) : (
              <span className="text-xs text-slate-500 italic">No frameworks assigned</span>
            )}
          </div>
          {!tenant.is_active && onRestore && (
            <div className="mt-4 flex justify-end gap-2 border-t border-slate-100 pt-3">
              <Button variant="secondary" size="sm" onClick={() => onRestore(tenant)}>
                Restore
              </Button>
            </div>
          )}
          {canManage && tenant.is_active && (
            <div className="mt-4 flex justify-end gap-2 border-t border-slate-100 pt-3">
              <Button variant="secondary" size="sm" onClick={() => onEdit(tenant)}>
                Edit
              </Button>
              <Button variant="danger" size="sm" onClick={() => onDelete(tenant)}>
                Delete
              </Button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
