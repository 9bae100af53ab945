/** The demo: two organizations, five tenants with different frameworks, and one user per kind of access. */
export const DEMO_ORGANIZATIONS = [
  {
    name: 'Acme Health Group',
    domain: 'acme-health',
    description: 'Regional healthcare provider with a payments business unit',
    tenants: [
      { name: 'Acme Hospitals', description: 'Hospitals and clinics', frameworks: ['HIPAA', 'NIST 800-53 rev 5'] },
      { name: 'Acme Payments', description: 'Patient billing and card payments', frameworks: ['PCI DSS 4.0', 'CIS Controls v8.1'] },
      { name: 'Acme Research', description: 'Clinical research data platform', frameworks: ['ISO 27001', 'NIST 800-53 rev 5', 'HIPAA'] },
    ],
  },
  {
    name: 'Globex Software',
    domain: 'globex',
    description: 'SaaS vendor selling to regulated customers',
    tenants: [
      { name: 'Globex Cloud', description: 'Production SaaS platform', frameworks: ['ISO 27001', 'CIS Controls v8.1'] },
      { name: 'Globex Corporate IT', description: 'Internal IT and endpoints', frameworks: ['CIS Controls v8.1'] },
    ],
  },
] as const;

export const DEMO_USERS = [
  { username: 'admin', full_name: 'Product Administrator', role: 'Admin', productAdmin: true, manages: [], tenants: [] },
  { username: 'manager', full_name: 'Morgan Manager', role: 'Admin', productAdmin: false, manages: ['Acme Health Group'], tenants: [] },
  { username: 'analyst', full_name: 'Avery Analyst', role: 'Editor', productAdmin: false, manages: [], tenants: ['Acme Hospitals', 'Acme Payments'] },
  { username: 'viewer', full_name: 'Vic Viewer', role: 'Viewer', productAdmin: false, manages: [], tenants: ['Acme Research'] },
] as const;

export const DEFAULT_DEMO_PASSWORD = 'ChangeMe-Demo-2026';
