import type { SessionPermissions } from '../auth/session-context';
import type { IconName } from './nav-icons';

export interface NavItem {
  to: string;
  label: string;
  icon: IconName;
  /** Other paths under which this item counts as the current page. */
  alsoActiveOn?: RegExp;
  visible: (permissions: SessionPermissions) => boolean;
}

const everyone = () => true;

/** The side navigation of spec section 2 (with My Work), in order, each with who may see it. */
export const NAV_ITEMS: NavItem[] = [
  { to: '/customer-admin', label: 'Customer Admin', icon: 'globe', visible: (p) => p.isProductAdmin },
  {
    to: '/executive-dashboard',
    label: 'Executive Dashboard',
    icon: 'chart',
    alsoActiveOn: /^\/organizations\/[^/]+\/rollup\/?$/,
    visible: (p) => p.isProductAdmin || p.isOrganizationManager,
  },
  { to: '/my-dashboard', label: 'My Dashboard', icon: 'home', visible: everyone },
  // Work is owned by members of an organization (and its managers); a product admin alone owns none.
  { to: '/my-work', label: 'My Work', icon: 'check', visible: (p) => p.memberOrganizations.length > 0 || p.isOrganizationManager },
  { to: '/requirements', label: 'Security Requirements', icon: 'clipboard', visible: everyone },
  { to: '/assistant', label: 'AI Compliance Assistant', icon: 'chat', visible: everyone },
  { to: '/contracts', label: 'Contract Analyzer', icon: 'document', visible: everyone },
  { to: '/evidence', label: 'Evidence Library', icon: 'folder', visible: everyone },
  { to: '/policies', label: 'AI Policy Generator', icon: 'sparkles', visible: everyone },
  { to: '/organizations', label: 'Organization Management', icon: 'building', visible: everyone },
  { to: '/users', label: 'User Management', icon: 'users', visible: everyone },
  { to: '/audit-logs', label: 'Audit Logs', icon: 'list', visible: everyone },
];

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === item.to || (item.alsoActiveOn?.test(path) ?? false);
}
