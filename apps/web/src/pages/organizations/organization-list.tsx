import type { Organization } from '@compliance/contracts/organizations';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { LogoImage } from '../../components/logo-image';

export function tenantCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'tenant' : 'tenants'}`;
}

interface OrganizationListProps {
  organizations: Organization[];
  selectedId: string | null;
  canEdit: (organization: Organization) => boolean;
  canDelete: (organization: Organization) => boolean;
  onSelect: (organization: Organization) => void;
  onEdit: (organization: Organization) => void;
  onDelete: (organization: Organization) => void;
  /** Offered on inactive rows instead of Edit and Delete; absent: nothing offered there. */
  onRestore?: (organization: Organization) => void;
}

export function OrganizationList({ organizations, selectedId, canEdit, canDelete, onSelect, onEdit, onDelete, onRestore }: OrganizationListProps) {
  return (
    <ul className="space-y-3" aria-label="Organizations">
      {organizations.map((org) => {
        const selected = org.id === selectedId;
        return (
          <li
            key={org.id}
            className={`rounded-xl border bg-white p-4 shadow-sm transition ${
              selected ? 'border-indigo-500 ring-2 ring-indigo-500/20' : 'border-slate-200 hover:border-slate-300'
            }`}
          >
            <button
              type="button"
              aria-pressed={selected}
              onClick={() => onSelect(org)}
              className="flex w-full items-start gap-3 rounded-lg text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              <LogoImage src={org.logo_url} alt="" className="h-10 w-10" />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-slate-900">{org.name}</span>
                  {!org.is_active && <Badge tone="red">Inactive</Badge>}
                </div>
                {org.domain && <div className="text-xs text-slate-500">{org.domain}</div>}
                {org.description && <p className="mt-1 line-clamp-2 text-sm text-slate-600">{org.description}</p>}
                <div className="mt-2 text-xs font-medium text-indigo-700">{tenantCountLabel(org.tenant_count)}</div>
              </div>
            </button>
            {!org.is_active && onRestore && (
              <div className="mt-3 flex justify-end gap-2 border-t border-slate-100 pt-3">
                <Button variant="secondary" size="sm" onClick={() => onRestore(org)}>
                  Restore
                </Button>
              </div>
            )}
            {org.is_active && (canEdit(org) || canDelete(org)) && (
              <div className="mt-3 flex justify-end gap-2 border-t border-slate-100 pt-3">
                {canEdit(org) && (
                  <Button variant="secondary" size="sm" onClick={() => onEdit(org)}>
                    Edit
                  </Button>
                )}
                {canDelete(org) && (
                  <Button variant="danger" size="sm" onClick={() => onDelete(org)}>
                    Delete
                  </Button>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
