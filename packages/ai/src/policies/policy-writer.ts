import type { GeneratePolicyInput, PolicyObligation, PolicyRequirement } from '../engine';
import { cleanProse, inOrganizationVoice, listWords, oneLine, oneYearLater, shallStatement, tableCell } from './policy-wording';

/**
 * Prose a model drafted for a policy. Anything missing or empty falls back to the local wording;
 * statements are keyed by the requirement's display id, and ids not in the input are ignored.
 */
export type PolicyProse = {
  purpose?: string;
  scope?: string;
  statements?: ReadonlyMap<string, string>;
};

const FALLBACK_OWNER = 'Chief Information Security Officer';
const MAX_EXCEPTION_MONTHS = 12;

type Statement = { number: string; requirement: PolicyRequirement; text: string };
type DomainGroup = { number: string; name: string; statements: Statement[] };
type Section = { title: string; body: string };

/** The policy in Markdown, written offline from the template and the requirements: the local provider's writer. */
export function writePolicy(input: GeneratePolicyInput): string {
  return renderPolicy(input, {});
}

/**
 * Renders the complete policy. The structure, numbering, coverage (one statement per requirement) and
 * the control mapping always come from here; only the purpose, scope and statement wording may come
 * from a model, cleaned of headings and placeholders.
 */
export function renderPolicy(input: GeneratePolicyInput, prose: PolicyProse): string {
  const org = oneLine(input.organization_name);
  const owner = oneLine(input.template.roles[0]?.role ?? FALLBACK_OWNER);
  const statementSection = 4;
  const groups = groupStatements(input, prose, org, statementSection);
  const statements = groups.flatMap((g) => g.statements);
  const byId = new Map(statements.map((s) => [s.requirement.id, s]));

  const sections: Section[] = [
    { title: 'Purpose', body: purposeText(input, prose, org) },
    { title: 'Scope', body: scopeText(input, prose, org) },
    { title: 'Roles and Responsibilities', body: rolesText(input, org) },
    { title: 'Policy Statements', body: statementsText(input, groups, org) },
  ];
  if (input.obligations.length > 0) sections.push({ title: 'Customer Contract Obligations', body: obligationsText(input.obligations, byId, org) });
  sections.push(
    { title: 'Exceptions', body: exceptionsText(org, owner, input.obligations.length > 0) },
    { title: 'Enforcement', body: enforcementText(input, org, owner) },
    { title: 'Review and Maintenance', body: reviewText(input, org, owner) },
    { title: 'Control Mapping', body: mappingText(input, statements) },
  );

  const parts = [`# ${oneLine(input.template.name)}`, `*${inOrganizationVoice(oneLine(input.template.description), org)}*`, metadataText(input, org, owner)];
  sections.forEach((section, index) => parts.push(`## ${index + 1}. ${section.title}`, section.body));
  return `${parts.join('\n\n')}\n`;
}

function frameworkList(input: GeneratePolicyInput): string {
  return input.frameworks.length > 0 ? input.frameworks.join(', ') : 'None selected';
}

function metadataText(input: GeneratePolicyInput, org: string, owner: string): string {
  const nextReview = oneYearLater(input.effective_date);
  return [
    `- **Organization:** ${org}`,
    `- **Tenant / business unit:** ${oneLine(input.tenant_name)}`,
    `- **Frameworks:** ${frameworkList(input)}`,
    `- **Effective date:** ${input.effective_date}`,
    '- **Version:** 1.0',
    `- **Owner:** ${owner}`,
    `- **Review cycle:** Annual${nextReview ? ` (next review due by ${nextReview})` : ''}`,
  ].join('\n');
}

function purposeText(input: GeneratePolicyInput, prose: PolicyProse, org: string): string {
  const drafted = prose.purpose ? cleanProse(prose.purpose, org, { singleParagraph: false }) : '';
  return drafted || inOrganizationVoice(oneLine(input.template.purpose), org);
}

function scopeText(input: GeneratePolicyInput, prose: PolicyProse, org: string): string {
  const drafted = prose.scope ? cleanProse(prose.scope, org, { singleParagraph: false }) : '';
  const scope = drafted || inOrganizationVoice(oneLine(input.template.scope), org);
  const count = input.requirements.length;
  const contracts = input.requirements.some((r) => r.source_type === 'contract');
  const basis = input.frameworks.length > 0 ? listWords(input.frameworks) : 'no selected framework';
  const covered =
    count === 0
      ? `No requirements of ${basis} are mapped to this policy.`
      : `Its statements address the ${count} requirement${count === 1 ? '' : 's'} of ${basis}${contracts ? ' and of customer contracts' : ''} that fall within this policy.`;
  return `${scope}\n\nThis policy is issued by ${org} for ${oneLine(input.tenant_name)}. ${covered}`;
}

function rolesText(input: GeneratePolicyInput, org: string): string {
  if (input.template.roles.length === 0) return `- **${FALLBACK_OWNER}**: Owns this policy and makes sure ${org} applies it.`;
  return input.template.roles.map((r) => `- **${oneLine(r.role)}**: ${inOrganizationVoice(oneLine(r.responsibility), org)}`).join('\n');
}

/** Requirements grouped by domain: the template's domains in its order (home first), then any others by number. */
function groupStatements(input: GeneratePolicyInput, prose: PolicyProse, org: string, section: number): DomainGroup[] {
  const rank = (domain: number) => {
    const index = input.template.domains.indexOf(domain);
    return index >= 0 ? index : input.template.domains.length + domain;
  };
  const domains = [...new Set(input.requirements.map((r) => r.domain_number))].sort((a, b) => rank(a) - rank(b));
  return domains.map((domain, groupIndex) => {
    const members = input.requirements.filter((r) => r.domain_number === domain);
    const ordered = [...members.filter((r) => r.source_type !== 'contract'), ...members.filter((r) => r.source_type === 'contract')];
    const number = `${section}.${groupIndex + 1}`;
    return {
      number,
      name: oneLine(members[0]?.domain_name ?? `Domain ${domain}`),
      statements: ordered.map((requirement, index) => {
        const drafted = prose.statements?.get(requirement.id);
        const cleaned = drafted ? cleanProse(drafted, org, { singleParagraph: true }) : '';
        return { number: `${number}.${index + 1}`, requirement, text: cleaned || shallStatement(requirement, org) };
      }),
    };
  });
}

function statementLabel(requirement: PolicyRequirement, frameworks: readonly string[]): string {
  const parts = [`Requirement ${oneLine(requirement.id)}`];
  for (const framework of frameworks) {
    const ids = requirement.control_ids[framework] ?? [];
    if (ids.length > 0) parts.push(`${framework}: ${ids.join(', ')}`);
  }
  if (requirement.contract_names.length > 0) {
    parts.push(`${requirement.source_type === 'contract' ? 'from customer contract' : 'customer contract'}${requirement.contract_names.length === 1 ? '' : 's'}: ${requirement.contract_names.join(', ')}`);
  }
  return `*(${parts.join('; ')})*`;
}

function statementsText(input: GeneratePolicyInput, groups: readonly DomainGroup[], org: string): string {
  if (groups.length === 0) {
    return [
      `No requirements are mapped to this policy for the selected frameworks (${frameworkList(input)}).`,
      `${org} shall nevertheless apply the purpose and scope above, and shall add statements to this policy when requirements are mapped to it.`,
    ].join(' ');
  }
  const intro = `The following statements are mandatory for ${oneLine(input.tenant_name)}. Each names the requirement it meets; the Control Mapping section traces it to the controls of the selected frameworks.`;
  const blocks = groups.map((group) => {
    const lines = group.statements.map((s) => `**${s.number}** ${s.text} ${statementLabel(s.requirement, input.frameworks)}`);
    return [`### ${group.number} ${group.name}`, ...lines].join('\n\n');
  });
  return [intro, ...blocks].join('\n\n');
}

function obligationsText(obligations: readonly PolicyObligation[], byId: ReadonlyMap<string, Statement>, org: string): string {
  const intro = `The following obligations from customer contracts of ${org} fall within this policy. ${org} shall meet each of them as written; where an obligation is stricter than a statement above, the obligation prevails for that customer.`;
  const items = obligations.map((o) => {
    const clause = o.clause ? `, clause ${oneLine(o.clause)}` : '';
    const statement = o.requirement_id ? byId.get(o.requirement_id) : undefined;
    const mapping = statement
      ? `Requirement ${oneLine(o.requirement_id ?? '')} (statement ${statement.number})`
      : o.requirement_id
        ? `Requirement ${oneLine(o.requirement_id)}`
        : 'Not mapped to a requirement';
    return `- **${oneLine(o.contract)}**${clause}: “${oneLine(o.text)}” — ${mapping}`;
  });
  return [intro, items.join('\n')].join('\n\n');
}

function exceptionsText(org: string, owner: string, hasContracts: boolean): string {
  const steps = [
    `The requester submits a written exception request to the ${owner}, naming the statement concerned, the business reason, the systems and data affected and the period needed.`,
    'The information security function assesses the risk of the exception, including its likelihood, impact and the data exposed.',
    `The ${owner} approves or rejects the request; risks beyond that authority are escalated to executive management for acceptance.`,
    `Every approved exception is time-limited to no more than ${MAX_EXCEPTION_MONTHS} months and must be renewed through the same process to continue.`,
    'Compensating controls that reduce the risk to an acceptable level are defined, implemented and verified for the life of the exception.',
    `Each exception is recorded in the exception register of ${org} with its owner, risk rating, compensating controls and expiry date, and the register is reviewed at least quarterly.`,
  ];
  const contract = hasContracts ? `\n\nAn exception never waives a customer contract obligation unless the customer has agreed to it in writing.` : '';
  return `Deviations from this policy are allowed only through an approved exception:\n\n${steps.map((step, i) => `${i + 1}. ${step}`).join('\n')}${contract}`;
}

function enforcementText(input: GeneratePolicyInput, org: string, owner: string): string {
  return [
    `Compliance with this policy is mandatory for everyone within its scope at ${oneLine(input.tenant_name)}. ${org} checks compliance through control monitoring, internal audits and reviews, and the ${owner} reports material non-compliance to management.`,
    `Violations may lead to disciplinary action up to and including termination of employment, termination of the contract of a contractor or service provider, withdrawal of access and, where the law allows, legal action. Suspected violations must be reported to the ${owner} or through the security incident reporting channel.`,
  ].join('\n\n');
}

function reviewText(input: GeneratePolicyInput, org: string, owner: string): string {
  const nextReview = oneYearLater(input.effective_date);
  return [
    `The ${owner} reviews this policy at least annually${nextReview ? `, next by ${nextReview},` : ''} and whenever a significant change occurs: a change to the business, technology or threats of ${org}, to applicable laws or regulations, to the frameworks it is written for, or to customer contract obligations, and after a major incident or audit finding.`,
    'Each revision is approved by the owner, receives a new version number and effective date, and is communicated to everyone within its scope. Superseded versions are retained as records.',
  ].join('\n\n');
}

function mappingText(input: GeneratePolicyInput, statements: readonly Statement[]): string {
  if (statements.length === 0) return 'No requirements are mapped to this policy for the selected frameworks, so there are no controls to map.';
  const header = ['Statement', 'Requirement', ...input.frameworks].map(tableCell);
  const rows = statements.map((s) => {
    const controls = input.frameworks.map((f) => (s.requirement.control_ids[f] ?? []).join(', '));
    return [s.number, s.requirement.id, ...controls].map(tableCell);
  });
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [
    'Each policy statement maps to its requirement and to the controls of the selected frameworks (— means the framework has no control for it).',
    [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n'),
  ].join('\n\n');
}
