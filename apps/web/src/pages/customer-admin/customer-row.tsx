import type { ReactNode } from 'react';
import type { Organization } from '@compliance/contracts/organizations';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/badge';
import { BuildingIcon } from '../../components/icons';
import { LogoImage } from '../../components/logo-image';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** One customer in the list; the whole row opens the organization's rollup. */
export function CustomerRow({ customer, actions }: { customer: Organization; actions?: ReactNode }) {
  return (
    <li className="flex items-center">
      <Link
        to={`/organizations/${customer.id}/rollup`}
        className="flex flex-1 items-center gap-4 px-5 py-4 transition hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none"
      >
        <LogoImage
          src={customer.logo_url}
          alt=""
          className="h-11 w-11"
          fallback={
            <div className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400">
              <BuildingIcon />
            </div>
          }
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900">{customer.name}</span>
            {!customer.is_active && <Badge tone="red">Inactive</Badge>}
          </div>
          {customer.domain && <div className="text-xs text-slate-500">{customer.domain}</div>}
          {customer.description && <p className="mt-0.5 truncate text-sm text-slate-600">{customer.description}</p>}
        </div>
        <dl className="hidden shrink-0 gap-6 text-right text-sm sm:flex">
          <div>
            <dt className="sr-only">Tenants</dt>
            <dd className="font-medium text-slate-700">{plural(customer.tenant_count, 'tenant')}</dd>
          </div>
          <div>
            <dt className="sr-only">Users</dt>
            <dd className="font-medium text-slate-700">{plural(customer.user_count, 'user')}</dd>
          </div>
          <div>
            <dt className="sr-only">Created</dt>
            <dd className="text-slate-500">{new Date(customer.created_at).toLocaleDateString()}</dd>
          </div>
        </dl>
      </Link>
      {actions && <div className="shrink-0 px-5">{actions}</div>}
    </li>
  );
}
