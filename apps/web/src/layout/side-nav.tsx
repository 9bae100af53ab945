import { Link, useLocation } from 'react-router-dom';
import { usePermissions } from '../auth/session-context';
import { Icon } from './nav-icons';
import { NAV_ITEMS, isNavItemActive } from './nav-items';

/** The permission-filtered list of screens, with the current one marked (aria-current="page"). */
export function SideNav() {
  const permissions = usePermissions();
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main navigation" className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="space-y-1">
        {NAV_ITEMS.filter((item) => item.visible(permissions)).map((item) => {
          const active = isNavItemActive(item, pathname);
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                aria-current={active ? 'page' : undefined}
                className={`group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400 ${
                  active ? 'bg-indigo-600 text-white shadow-sm' : 'text-slate-300 hover:bg-slate-800 hover:text-white'
                }`}
              >
                <Icon
                  name={item.icon}
                  className={`h-5 w-5 shrink-0 ${active ? 'text-white' : 'text-slate-400 group-hover:text-slate-200'}`}
                />
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
