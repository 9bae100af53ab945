/** The text the committed fixtures were generated from (scripts/make-fixtures.ts), so tests can check extraction. */
export interface FixtureClause {
  number: string;
  text: string;
}

export const CONTRACT_TITLE = 'Master Services Agreement: Security Schedule';

export const CONTRACT_CLAUSES: FixtureClause[] = [
  { number: '1.', text: 'Definitions' },
  { number: '1.1', text: '"Customer Data" means all data, including personal data, that the Supplier processes on behalf of the Customer.' },
  { number: '1.2', text: '"Security Incident" means any unauthorised access to, or loss, disclosure or alteration of, Customer Data.' },
  { number: '2.', text: 'Security Obligations' },
  { number: '2.1', text: 'The Supplier shall maintain a written information security programme that is reviewed at least annually.' },
  { number: '2.2', text: 'The Supplier shall encrypt Customer Data at rest using AES-256 and in transit using TLS 1.2 or higher.' },
  { number: '2.3', text: 'The Supplier must notify the Customer of any Security Incident without undue delay and in any event within 72 hours.' },
  { number: '3.', text: 'Access Control' },
  { number: '3.1', text: 'The Supplier shall enforce multi-factor authentication for all administrative access to systems holding Customer Data.' },
  { number: '3.2', text: 'The Supplier shall review user access rights at least quarterly and revoke access within 24 hours of termination.' },
  { number: '4.', text: 'Audit' },
  { number: '4.1', text: 'The Customer may audit the Supplier\'s compliance with this Schedule once per year on thirty days\' notice.' },
  { number: '5.', text: 'Governing Law' },
  { number: '5.1', text: 'This Agreement is governed by the laws of England and Wales.' },
];

export const POLICY_PAGE_COUNT = 20;

const POLICY_TOPICS = [
  'Governance', 'Asset Management', 'Access Control', 'Cryptography', 'Physical Security', 'Operations Security',
  'Communications Security', 'System Acquisition', 'Supplier Relationships', 'Incident Management', 'Business Continuity',
  'Compliance', 'Human Resources', 'Logging and Monitoring', 'Vulnerability Management', 'Change Management',
  'Data Retention', 'Privacy', 'Risk Assessment', 'Awareness Training',
];

/** Section n of the 20-page policy: a heading and four numbered clauses, one section per page. */
export function getPolicySection(page: number): { heading: string; clauses: FixtureClause[] } {
  const topic = POLICY_TOPICS[(page - 1) % POLICY_TOPICS.length] ?? 'General';
  const subject = topic.toLowerCase();
  const sentence = (index: number) =>
    `The organisation shall define, approve and communicate controls for ${subject} (control ${page}.${index}). ` +
    `Owners must review these controls at least annually, record exceptions with a documented risk acceptance, ` +
    `and retain evidence of each review for no less than three years. Staff who operate ${subject} procedures ` +
    `receive training before they are given access, and their work is checked by a second person where the risk is high.`;
  return {
    heading: `Section ${page}. ${topic}`,
    clauses: [1, 2, 3, 4].map((index) => ({ number: `${page}.${index}`, text: sentence(index) })),
  };
}

export const WORKBOOK_SHEETS: { name: string; rows: (string | number)[][] }[] = [
  {
    name: 'Controls',
    rows: [
      ['Control ID', 'Control', 'Owner', 'Status'],
      ['AC-2', 'Account management: accounts are reviewed quarterly', 'IT Operations', 'Implemented'],
      ['IA-2', 'Multi-factor authentication for privileged users', 'Security', 'Implemented'],
      ['SC-28', 'Encryption of data at rest with AES-256', 'Platform', 'Partial'],
    ],
  },
  {
    name: 'Risks',
    rows: [
      ['Risk', 'Likelihood', 'Impact'],
      ['Ransomware on file servers', 3, 5],
      ['Lost laptop', 4, 2],
    ],
  },
];
