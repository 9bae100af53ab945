import type { AnswerWriter } from './answer-writer';
import { bulleted, escapeMarkdown, plural } from './format';
import type { Period, QueryPlan } from './question/plan';

/** Answers about what changed in a period. */

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
  review_evidence_link: 'evidence links reviewed',
  review_obligation: 'contract obligations reviewed',
  approve_evidence: 'draft evidence approved',
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
