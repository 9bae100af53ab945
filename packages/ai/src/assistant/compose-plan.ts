import type { AnswerWriter } from './answer-writer';
import { byNeed, documentLink, escapeMarkdown, hasOpenItems, percent, plural, requirementLink, truncate } from './format';

/** The improvement plan, and what the assistant can answer (greetings, help, questions it cannot read). */

const QUICK_WIN_LIMIT = 5;
const PLAN_LIMIT = 5;

export async function composeImprovementPlan(writer: AnswerWriter): Promise<void> {
  const summary = await writer.call('get_compliance_summary', {});
  if (summary.total_requirements === 0) {
    writer.line(`${writer.tenant} has no requirements yet. Start by assigning its frameworks, then work through the requirement list.`);
    return;
  }
  writer.line(`**How to raise ${writer.tenantPossessive} compliance rate** (now ${percent(summary.compliance_rate)}: ${summary.compliant} of ${plural(summary.total_requirements, 'requirement')} Compliant)`);
  let step = 0;
  const section = (title: string) => {
    step += 1;
    writer.line();
    writer.line(`**${step}. ${title}**`);
    writer.line();
  };

  const top = await writer.call('list_top_priority_requirements', { limit: 50 });
  const urgent = top.filter((r) => r.priority === 'High' && r.status === 'Not Started').slice(0, PLAN_LIMIT);
  if (urgent.length) {
    section('Start the high-priority requirements that have not started');
    writer.list(urgent.map((r) => `- ${requirementLink(r.id)} (${r.domain_name}): ${truncate(r.text, 120)} — owner: ${r.owner_name ?? 'unassigned'}`));
  }

  const inProgress = await writer.call('search_requirements', { has_evidence: true, status: ['In Progress'], limit: QUICK_WIN_LIMIT });
  const notStarted = await writer.call('search_requirements', { has_evidence: true, status: ['Not Started'], limit: QUICK_WIN_LIMIT });
  const quickWins = [...inProgress.requirements, ...notStarted.requirements].slice(0, QUICK_WIN_LIMIT);
  if (quickWins.length) {
    section(`Quick wins: evidence is already linked (${inProgress.total} in progress, ${notStarted.total} not started)`);
    writer.list(quickWins.map((r) => `- ${requirementLink(r.id)} (${r.status}, ${plural(r.evidence_count, 'evidence document')}): ${truncate(r.text, 100)}`));
    writer.line();
    writer.line('Review the linked evidence and mark each requirement Compliant when it meets the requirement.');
  }

  const domains = (await writer.call('get_domain_breakdown', {})).filter((r) => r.total > 0 && hasOpenItems(r)).sort(byNeed).slice(0, 3);
  if (domains.length) {
    section('Focus on the weakest domains');
    writer.list(domains.map((d) => `- ${d.domain_name}: ${percent(d.compliance_rate)} compliant, ${d.not_started} not started, ${d.in_progress} in progress`));
  }

  const contracts = await writer.call('list_contract_obligations', { uncovered_only: true });
  const uncovered = contracts.obligations.filter((o) => !o.covered);
  if (uncovered.length) {
    section(`Cover customer contract obligations (${plural(uncovered.length, 'obligation')} without evidence)`);
    writer.list(
      uncovered.slice(0, 3).map((o) => `- ${documentLink('contract', o.contract)}${o.clause ? `, clause ${escapeMarkdown(o.clause)}` : ''}: "${escapeMarkdown(truncate(o.text, 100))}"${o.requirement_id ? ` → ${requirementLink(o.requirement_id)}` : ''}`),
    );
  }

  if (summary.total_evidence === 0) {
    section('Upload evidence');
    writer.line(`${writer.tenant} has no evidence documents yet. Upload policies, procedures and reports in the Evidence Library: each is linked to the requirements it supports.`);
  }

  const { unassigned } = await writer.call('list_owners_and_statuses', {});
  if (hasOpenItems(unassigned)) {
    section('Assign owners');
    writer.line(`${unassigned.not_started} not started and ${unassigned.in_progress} in-progress requirements have no owner; give each one an owner so it gets done.`);
  }

  if (step === 0) {
    writer.line();
    writer.line('There is nothing left to improve: every requirement is Compliant or Not Applicable and every contract obligation is covered.');
  }
}

function suggestions(writer: AnswerWriter): string[] {
  const framework = writer.input.context.frameworks[0] ?? 'NIST 800-53 rev 5';
  return [
    '- What is our overall compliance rate?',
    '- Which domains need the most attention?',
    `- What are the gaps in ${framework}?`,
    '- What types of evidence do we have?',
    '- How can I improve our compliance score?',
    '- What are our top priority requirements?',
    '- Which contract obligations are not covered by evidence?',
    '- What does the Access Control Policy cover? (any evidence document)',
    '- Do we have anything on encryption?',
    '- Who owns the most open items?',
  ];
}

export function composeHelp(writer: AnswerWriter, greeting: boolean): void {
  const frameworks = writer.input.context.frameworks;
  writer.line(
    `${greeting ? 'Hello! ' : ''}I'm the AI Compliance Assistant for **${writer.tenant}** (${writer.organization}). I answer from ${writer.tenantPossessive} compliance data only${frameworks.length ? ` (frameworks: ${frameworks.join(', ')})` : ''}. You can ask, for example:`,
  );
  writer.line();
  writer.list(suggestions(writer));
}

export function composeUnknown(writer: AnswerWriter): void {
  writer.line(`I can't answer that from ${writer.tenantPossessive} compliance data, and I won't guess. I can answer questions like these:`);
  writer.line();
  writer.list(suggestions(writer));
}
