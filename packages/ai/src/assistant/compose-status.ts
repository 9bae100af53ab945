import { FRAMEWORKS, canonicalFramework } from '@compliance/contracts/frameworks';
import type { AnswerWriter } from './answer-writer';
import { bulleted, byNeed, countsSummary, hasOpenItems, numbered, percent, plural, requirementItem } from './format';
import type { FrameworkMention } from './vocabulary';

/** Answers about the tenant's compliance state: overall rate, frameworks, domains, gaps and priorities. */

function assignedList(writer: AnswerWriter): string {
  const frameworks = writer.input.context.frameworks;
  return frameworks.length ? frameworks.join(', ') : 'none yet';
}

export async function composeSummary(writer: AnswerWriter): Promise<void> {
  const summary = await writer.call('get_compliance_summary', {});
  if (summary.total_requirements === 0) {
    writer.line(`**${writer.tenant}** has no requirements yet, so there is no compliance rate to report. Assign frameworks to the tenant (or analyse a customer contract) to build its requirement list.`);
    return;
  }
  writer.line(`**Overall compliance rate for ${writer.tenant}: ${percent(summary.compliance_rate)}**`);
  writer.line();
  writer.line(`${summary.compliant} of ${plural(summary.total_requirements, 'requirement')} are Compliant. By status:`);
  writer.list(
    bulleted([
      `Compliant: ${summary.compliant}`,
      `In Progress: ${summary.in_progress}`,
      `Not Started: ${summary.not_started}`,
      `Not Applicable: ${summary.not_applicable} (left out of the rate)`,
      `Total requirements: ${summary.total_requirements}`,
      `Evidence documents: ${summary.total_evidence}`,
      `Customer contracts: ${summary.total_contracts}`,
    ]),
  );
  const frameworks = await writer.call('get_framework_breakdown', {});
  if (frameworks.length) {
    writer.line();
    writer.line('**By framework:**');
    writer.list(bulleted(frameworks.map((row) => `${row.framework}: ${countsSummary(row)}`)));
  }
}

export async function composeFrameworkCompliance(writer: AnswerWriter, framework: FrameworkMention | null): Promise<void> {
  const rows = await writer.call('get_framework_breakdown', {});
  const row = framework?.canonical ? rows.find((r) => r.framework === framework.canonical) : undefined;
  if (framework && !row) {
    writer.line(
      framework.canonical
        ? `**${framework.canonical}** is not assigned to ${writer.tenant}, so it has no requirements to report. Frameworks assigned: ${assignedList(writer)}.`
        : `**${framework.name}** is not one of the frameworks the product tracks (${FRAMEWORKS.join(', ')}). Frameworks assigned to ${writer.tenant}: ${assignedList(writer)}.`,
    );
  } else if (row) {
    writer.line(`**${row.framework}: ${percent(row.compliance_rate)} compliant** for ${writer.tenant}`);
    writer.line();
    writer.list(bulleted([`Compliant: ${row.compliant} of ${plural(row.total, 'requirement')}`, `In Progress: ${row.in_progress}`, `Not Started: ${row.not_started}`]));
    writer.line();
    writer.line(`Ask "What are the gaps in ${row.framework}?" to see its open requirements.`);
  }
  const others = rows.filter((r) => r !== row);
  if (!others.length) {
    if (!rows.length) writer.line(`${writer.tenant} has no frameworks assigned yet.`);
    return;
  }
  writer.line();
  writer.line(row ? '**Other frameworks:**' : `**Compliance by framework for ${writer.tenant}:**`);
  writer.list(bulleted([...others].sort((a, b) => b.compliance_rate - a.compliance_rate).map((r) => `${r.framework}: ${countsSummary(r)}`)));
}

export async function composeDomains(writer: AnswerWriter): Promise<void> {
  const rows = await writer.call('get_domain_breakdown', {});
  const open = rows.filter((r) => r.total > 0 && hasOpenItems(r)).sort(byNeed);
  if (!open.length) {
    writer.line(rows.some((r) => r.total > 0) ? `No domain of ${writer.tenant} has open requirements: every requirement is Compliant or Not Applicable.` : `${writer.tenant} has no requirements yet.`);
    return;
  }
  const top = open.slice(0, 5);
  writer.line(`**Domains of ${writer.tenant} that need the most attention** (lowest compliance rate first):`);
  writer.line();
  writer.list(numbered(top.map((r) => `**${r.domain_name}**: ${countsSummary(r)}`)));
  const strongest = [...rows].filter((r) => r.total > 0).sort((a, b) => b.compliance_rate - a.compliance_rate)[0];
  if (strongest && !top.includes(strongest)) {
    writer.line();
    writer.line(`Strongest domain: ${strongest.domain_name} at ${percent(strongest.compliance_rate)}.`);
  }
  writer.line();
  writer.line(`Ask "How is the ${top[0]?.domain_name} domain doing?" for its open requirements.`);
}

export async function composeDomainDetail(writer: AnswerWriter, domainNumber: number): Promise<void> {
  const rows = await writer.call('get_domain_breakdown', {});
  const row = rows.find((r) => r.domain_number === domainNumber);
  if (!row || row.total === 0) {
    writer.line(`${writer.tenant} has no requirements in this domain${row ? ` (${row.domain_name})` : ''}.`);
    return;
  }
  writer.line(`**${row.domain_name}: ${percent(row.compliance_rate)} compliant** for ${writer.tenant}`);
  writer.line();
  writer.list(bulleted([`Compliant: ${row.compliant} of ${plural(row.total, 'requirement')}`, `In Progress: ${row.in_progress}`, `Not Started: ${row.not_started}`]));
  for (const status of ['Not Started', 'In Progress'] as const) {
    const found = await writer.call('search_requirements', { domain_number: domainNumber, status: [status], limit: 5 });
    if (!found.requirements.length) continue;
    writer.line();
    writer.line(`**${status}** (${found.requirements.length} of ${found.total} shown):`);
    writer.list(bulleted(found.requirements.map((r) => requirementItem(r))));
  }
}

export async function composeTopPriority(writer: AnswerWriter, limit: number, lead?: string): Promise<void> {
  const top = await writer.call('list_top_priority_requirements', { limit });
  if (lead) {
    writer.line(lead);
    writer.line();
  }
  if (!top.length) {
    writer.line(`${writer.tenant} has no open gaps: every requirement is Compliant or Not Applicable.`);
    return;
  }
  writer.line(`**Top ${plural(top.length, 'priority requirement')} for ${writer.tenant}** (open gaps ranked by priority, then status, as on the dashboard):`);
  writer.line();
  writer.list(numbered(top.map((r) => requirementItem(r, { showDomain: true }))));
}

export async function composeGaps(writer: AnswerWriter, mention: FrameworkMention | null, limit: number): Promise<void> {
  const assigned = writer.input.context.frameworks;
  const only = assigned.length === 1 && assigned[0] ? { name: assigned[0], canonical: canonicalFramework(assigned[0]) } : null;
  const framework = mention ?? only;
  if (!framework) {
    const names = assigned.length ? ` (${assigned.join(', ')})` : '';
    return composeTopPriority(writer, limit, `You did not name a framework${names}, so here are the open gaps across all of them. Ask "What are the gaps in ${assigned[0] ?? 'NIST 800-53 rev 5'}?" for one framework.`);
  }
  const result = await writer.call('list_framework_gaps', { framework: framework.canonical ?? framework.name, limit });
  const name = result.framework ?? framework.canonical ?? framework.name;
  if (!result.assigned) {
    writer.line(
      framework.canonical
        ? `**${name}** is not assigned to ${writer.tenant}, so it has no gaps to report. Frameworks assigned: ${assignedList(writer)}. An administrator can add ${name} in the tenant's settings.`
        : `**${framework.name}** is not one of the frameworks the product tracks (${FRAMEWORKS.join(', ')}). Frameworks assigned to ${writer.tenant}: ${assignedList(writer)}.`,
    );
    return;
  }
  if (result.total_gaps === 0) {
    writer.line(`**${name}** has no open gaps: all ${plural(result.total_requirements, 'requirement')} are Compliant or Not Applicable.`);
    return;
  }
  writer.line(`**${name}: ${plural(result.total_gaps, 'open gap')}** out of ${plural(result.total_requirements, 'requirement')} (not yet Compliant or Not Applicable).`);
  writer.line();
  writer.line(`${result.gaps.length === result.total_gaps ? 'All of them' : `The top ${result.gaps.length}`}, highest priority first, with their ${name} control ids:`);
  writer.list(numbered(result.gaps.map((r) => requirementItem(r, { frameworks: [name], showDomain: true }))));
}
