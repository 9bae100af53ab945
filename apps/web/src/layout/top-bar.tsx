import { usePermissions } from '../auth/session-context';
import { Icon } from './nav-icons';
import { OrganizationSelector } from './organization-selector';
import { PRODUCT_NAME } from './product-mark';
import { TenantSelector } from './tenant-selector';

interface TopBarProps {
  menuId: string;
  menuOpen: boolean;
  onOpenMenu: () => void;
}

/** The bar above every screen: the menu button on small screens, and the organization or tenant selector. */
export function TopBar({ menuId, menuOpen, onOpenMenu }: TopBarProps) {
  const permissions = usePermissions();
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="flex min-h-16 flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 sm:px-6 lg:px-8">
        <button
          type="button"
          onClick={onOpenMenu}
          aria-label="Open menu"
          aria-controls={menuId}
          aria-expanded={menuOpen}
          className="-ml-1 rounded-md p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 lg:hidden"
        >
          <Icon name="menu" className="h-6 w-6" />
        </button>
        <span className="text-sm font-semibold text-slate-900 lg:hidden">{PRODUCT_NAME}</span>
        <div className="flex w-full flex-wrap items-center justify-end gap-2 sm:ml-auto sm:w-auto sm:flex-nowrap sm:gap-3">
          {permissions.isProductAdmin && (
            <span className="inline-flex w-full shrink-0 items-center justify-center gap-1.5 rounded-full sm:w-auto bg-indigo-50 px-3 py-1 text-xs font-semibold text-indigo-700 ring-1 ring-indigo-600/20 ring-inset">
              <Icon name="globe" className="h-3.5 w-3.5" />
              Product Admin - All Customers
            </span>
          )}
          {permissions.usesOrganizationSelector ? <OrganizationSelector /> : <TenantSelector />}
        </div>
      </div>
    </header>
  );
}
