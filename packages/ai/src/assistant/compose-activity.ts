import type { AnswerWriter } from './answer-writer';
import { bulleted, documentLink, escapeMarkdown, plural } from './format';
import { searchArgs } from './compose-requirements';
import type { Period, QueryPlan } from './question/plan';

/** Answers about time: what changed in a period, and the honest limits (no due dates or expiry). */

const ACTION_NAMES: Record<string, string> = {
  update_requirement_response: 'requirement updates',
  upload_contract: 'contracts uploaded',
  upload_evidence: 'evidence uploaded',
  delete_contract: 'contracts deleted',
  delete_evidence: 'evidence deleted',
  analyze_contract: 'contract analyses',
  analyze_evidence: 'evidence analyses',
  reanalyze_evidence: 'evidence re-analyses',
  generate_response: 'suggested responses generated',
  generate_policy: 'policies generated',
  save_policy_to_evidence: 'policies saved as evidence',
  set_contract_side: 'contract sides changed',
};

function weekBack(now = new Date()): Period {
  return { since: new Date(now.getTime() - 7 * 86_400_000).toISOString(), until: now.toISOString(), label: 'in the last 7 days' };
}

export async function composeActivity(writer: AnswerWriter, plan: QueryPlan): Promise<void> {
  const period = plan.filters.period ?? weekBack();
  const activity = await writer.call('list_activity', { since: period.since, until: period.until });
  if (!activity.total) {
    writer.line(`Nothing changed in ${writer.tenantPossessive} compliance data ${period.label} (${activity.since.slice(0, 10)} to ${activity.until.slice(0, 10)}): no requirement updates, uploads or analyses.`);
    return;
  }
  writer.line(`**${plural(activity.total, 'change')} to ${writer.tenantPossessive} compliance data ${period.label}** (${activity.since.slice(0, 10)} to ${activity.until.slice(0, 10)}):`);
  writer.line();
  writer.list(bulleted(activity.by_action.map((a) => `${ACTION_NAMES[a.action] ?? a.action}: ${a.count}`)));
  writer.line();
  writer.line('Latest:');
  writer.list(bulleted(activity.entries.slice(0, 10).map((e) => `${e.timestamp.slice(0, 16).replace('T', ' ')} — ${escapeMarkdown(e.username)}: ${escapeMarkdown(e.message || e.action)}`)));
}

export async function composeDueDates(writer: AnswerWriter, plan: QueryPlan): Promise<void> {
  writer.line('Requirements in this product have no due dates, so I cannot say what is overdue or due soon.');
  const filters = { ...plan.filters, status: plan.filters.status ?? (['Not Started', 'In Progress'] as const).slice() };
  const found = await writer.call('search_requirements', searchArgs(filters, 10));
  writer.line();
  writer.line(`What I can show instead: ${plural(found.total, 'open requirement')}${filters.owner === 'me' ? ' assigned to you' : filters.owner && filters.owner !== 'unassigned' ? ` owned by ${escapeMarkdown(filters.owner)}` : ''} (Not Started or In Progress)${found.total ? ':' : '.'}`);
  if (found.total) writer.list(bulleted(found.requirements.map((r) => `${r.id} (${r.priority}, ${r.status}): ${escapeMarkdown(r.text.slice(0, 120))}`)));
}

export async function composeExpiry(writer: AnswerWriter): Promise<void> {
  const evidence = await writer.call('list_evidence', {});
  writer.line('Evidence documents in this product carry no expiry or review date, so I cannot say which expire.');
  if (!evidence.total) {
    writer.line(`${writer.tenant} has no evidence documents yet.`);
    return;
  }
  const oldest = [...evidence.documents].sort((a, b) => a.upload_date.localeCompare(b.upload_date)).slice(0, 8);
  writer.line();
  writer.line(`The oldest of ${writer.tenantPossessive} ${plural(evidence.total, 'evidence document')}, by upload date, are the first to review:`);
  writer.list(bulleted(oldest.map((d) => `${documentLink('evidence', d.name)} (${d.document_type}), uploaded ${d.upload_date.slice(0, 10)}`)));
}
