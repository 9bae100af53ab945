/**
 * The role → expectations table of the role walk: what each kind of person sees in the side
 * navigation and the top bar, where each route of the spec's route table takes them, and which
 * actions each screen offers them. Sources: product-spec.md sections 2 and 6, and design-brief.md
 * decision 5 (Viewer reads only; Editor edits tenant data; Admin also manages users and tenants of
 * their organizations; a manager manages the organization itself; the product admin everything).
 */
import { NAV_LABELS } from './helpers';
import { ORG_A_TENANTS, ORG_B_TENANTS, type PersonKey } from './role-people';

export const NAV: readonly string[] = NAV_LABELS;
const MEMBER_NAV = NAV.slice(2);

/** The route table of spec section 2. `{orgA}` and `{orgB}` stand for the two demo organizations' ids. */
export const ROUTES = [
  '/',
  '/dashboard',
  '/my-dashboard',
  '/requirements',
  '/assistant',
  '/contracts',
  '/evidence',
  '/policies',
  '/organizations',
  '/users',
  '/audit-logs',
  '/customer-admin',
  '/executive-dashboard',
  '/organizations/{orgA}/rollup',
  '/organizations/{orgB}/rollup',
] as const;
export type RoutePath = (typeof ROUTES)[number];

/** Where a route by URL ends: the screen itself (by its h1), another screen, a rollup, or the login. */
export type Outcome =
  | { screen: string }
  | { redirect: '/my-dashboard' }
  | { rollup: 'orgA' | 'orgB' | 'first' }
  | { login: true };

/** The screen titles (h1) of the routes that are screens of their own. */
export const TITLES: Partial<Record<RoutePath, string>> = {
  '/my-dashboard': 'My Dashboard',
  '/requirements': 'Security Requirements',
  '/assistant': 'AI Compliance Assistant',
  '/contracts': 'Contract Analyzer',
  '/evidence': 'Evidence Library',
  '/policies': 'AI Policy Generator',
  '/organizations': 'Organization Management',
  '/users': 'User Management',
  '/audit-logs': 'Audit Logs',
  '/customer-admin': 'Customer Admin',
};

/** The screens everyone with a session opens (spec: the feature screens and the last three links). */
const MEMBER_SCREENS = Object.fromEntries(
  Object.entries(TITLES)
    .filter(([path]) => path !== '/customer-admin')
    .map(([path, title]) => [path, { screen: title }]),
) as Record<RoutePath, Outcome>;

const toMyDashboard = { redirect: '/my-dashboard' } as const;

/** Who may do what on each screen; `false` means the control must be absent (or disabled where noted). */
export interface ScreenActions {
  /** Organization Management: 'Create Organization' in the header. */
  createOrganization: boolean;
  /** Organization Management: Edit / Delete on the card of the role's home organization. */
  editHomeOrganization: boolean;
  deleteHomeOrganization: boolean;
  /** Organization Management: 'Create Tenant', and Edit / Delete on its tenant cards. */
  manageTenants: boolean;
  /** User Management: '+ Add User'. */
  addUser: boolean;
  /** User Management: usernames whose rows must offer Deactivate / Delete, and those whose rows must not. */
  userRowsWithActions: PersonKey[];
  userRowsWithoutActions: PersonKey[];
  /** User Management: the list holds exactly these people (null: not exact, checked by the rows above). */
  onlyUsers: PersonKey[] | null;
  /** Contract Analyzer / Evidence Library: upload, and Delete / Re-analyze on rows. */
  manageDocuments: boolean;
  /** Security Requirements: the response editor can save (else read-only, no 'Save Response'). */
  editResponses: boolean;
  /** AI Policy Generator: the templates can be generated (else disabled, with the read-only note). */
  generatePolicies: boolean;
  /** Audit Logs: every entry shown is the role's own (Editors and Viewers administer nothing). */
  auditOnlyOwn: boolean;
}

export interface RoleRow {
  key: PersonKey;
  label: string;
  /** The user role the account holds (asserted, so the table cannot drift from the data). */
  role: 'Admin' | 'Editor' | 'Viewer';
  /** The organization the role belongs to (its card is auto-selected on Organization Management). */
  home: 'orgA' | 'orgB';
  nav: readonly string[];
  selector: 'organization' | 'tenant';
  /** The options the top-bar selector lists: exactly these (organizations or tenants), or all there are. */
  selectorOptions: readonly string[] | 'every organization';
  /** Whether the 'Product Admin - All Customers' banner shows. */
  banner: boolean;
  routes: Record<RoutePath, Outcome>;
  actions: ScreenActions;
}

export const ROLES: RoleRow[] = [
  {
    key: 'admin',
    label: 'product admin',
    role: 'Admin',
    home: 'orgA',
    // A product admin who is a member of no organization owns no work: no My Work.
    nav: NAV.filter((label) => label !== 'My Work'),
    selector: 'organization',
    selectorOptions: 'every organization',
    banner: true,
    routes: {
      ...MEMBER_SCREENS,
      '/': toMyDashboard,
      '/dashboard': toMyDashboard,
      '/customer-admin': { screen: 'Customer Admin' },
      '/executive-dashboard': { rollup: 'first' },
      '/organizations/{orgA}/rollup': { rollup: 'orgA' },
      '/organizations/{orgB}/rollup': { rollup: 'orgB' },
    },
    actions: {
      createOrganization: true,
      editHomeOrganization: true,
      deleteHomeOrganization: true,
      manageTenants: true,
      addUser: true,
      userRowsWithActions: ['manager', 'analyst', 'viewer', 'orgAdmin', 'otherOrg'],
      userRowsWithoutActions: ['admin'],
      onlyUsers: null,
      manageDocuments: true,
      editResponses: true,
      generatePolicies: true,
      auditOnlyOwn: false,
    },
  },
  {
    key: 'manager',
    label: 'organization manager',
    role: 'Admin',
    home: 'orgA',
    nav: NAV.slice(1),
    selector: 'organization',
    selectorOptions: ['Acme Health Group'],
    banner: false,
    routes: {
      ...MEMBER_SCREENS,
      '/': { rollup: 'orgA' },
      '/dashboard': { rollup: 'orgA' },
      '/customer-admin': toMyDashboard,
      '/executive-dashboard': { rollup: 'orgA' },
      '/organizations/{orgA}/rollup': { rollup: 'orgA' },
      '/organizations/{orgB}/rollup': toMyDashboard,
    },
    actions: {
      createOrganization: false,
      editHomeOrganization: true,
      deleteHomeOrganization: false,
      manageTenants: true,
      addUser: true,
      userRowsWithActions: ['analyst', 'viewer', 'orgAdmin'],
      userRowsWithoutActions: ['manager'],
      onlyUsers: null,
      manageDocuments: true,
      editResponses: true,
      generatePolicies: true,
      auditOnlyOwn: false,
    },
  },
  {
    key: 'orgAdmin',
    label: 'organization Admin (role Admin, member of org A)',
    role: 'Admin',
    home: 'orgA',
    nav: MEMBER_NAV,
    selector: 'tenant',
    selectorOptions: ORG_A_TENANTS,
    banner: false,
    // Administers org A's users and tenants, but manages no organization: no rollup at all.
    routes: memberRoutes(),
    actions: {
      createOrganization: false,
      editHomeOrganization: false,
      deleteHomeOrganization: false,
      manageTenants: true,
      addUser: true,
      userRowsWithActions: ['analyst', 'viewer'],
      // The manager holds more power than an Admin member: the server refuses to change them.
      userRowsWithoutActions: ['orgAdmin', 'manager'],
      onlyUsers: null,
      manageDocuments: true,
      editResponses: true,
      generatePolicies: true,
      auditOnlyOwn: false,
    },
  },
  {
    key: 'analyst',
    label: 'Editor (demo analyst)',
    role: 'Editor',
    home: 'orgA',
    nav: MEMBER_NAV,
    selector: 'tenant',
    selectorOptions: ['Acme Hospitals', 'Acme Payments'],
    banner: false,
    routes: memberRoutes(),
    actions: {
      createOrganization: false,
      editHomeOrganization: false,
      deleteHomeOrganization: false,
      manageTenants: false,
      addUser: false,
      userRowsWithActions: [],
      userRowsWithoutActions: ['analyst'],
      onlyUsers: ['analyst'],
      manageDocuments: true,
      editResponses: true,
      generatePolicies: true,
      auditOnlyOwn: true,
    },
  },
  {
    key: 'viewer',
    label: 'Viewer (demo viewer)',
    role: 'Viewer',
    home: 'orgA',
    nav: MEMBER_NAV,
    selector: 'tenant',
    selectorOptions: ['Acme Research'],
    banner: false,
    routes: memberRoutes(),
    actions: {
      createOrganization: false,
      editHomeOrganization: false,
      deleteHomeOrganization: false,
      manageTenants: false,
      addUser: false,
      userRowsWithActions: [],
      userRowsWithoutActions: ['viewer'],
      onlyUsers: ['viewer'],
      manageDocuments: false,
      editResponses: false,
      generatePolicies: false,
      auditOnlyOwn: true,
    },
  },
  {
    key: 'otherOrg',
    label: 'user of org B (role Admin, member of Globex)',
    role: 'Admin',
    home: 'orgB',
    nav: MEMBER_NAV,
    selector: 'tenant',
    selectorOptions: ORG_B_TENANTS,
    banner: false,
    routes: memberRoutes(),
    actions: {
      createOrganization: false,
      editHomeOrganization: false,
      deleteHomeOrganization: false,
      manageTenants: true,
      addUser: true,
      userRowsWithActions: [],
      userRowsWithoutActions: ['otherOrg'],
      onlyUsers: null,
      manageDocuments: true,
      editResponses: true,
      generatePolicies: true,
      auditOnlyOwn: false,
    },
  },
];

/** No session: every route of the table goes to the login screen. */
export const NO_SESSION_ROUTES = Object.fromEntries(ROUTES.map((r) => [r, { login: true }])) as Record<RoutePath, Outcome>;

/** A member who manages nothing: the screens, and My Dashboard instead of anything administrative. */
function memberRoutes(): Record<RoutePath, Outcome> {
  return {
    ...MEMBER_SCREENS,
    '/': toMyDashboard,
    '/dashboard': toMyDashboard,
    '/customer-admin': toMyDashboard,
    '/executive-dashboard': toMyDashboard,
    '/organizations/{orgA}/rollup': toMyDashboard,
    '/organizations/{orgB}/rollup': toMyDashboard,
  };
}
