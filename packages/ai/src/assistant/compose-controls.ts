import type { AnswerWriter } from './answer-writer';
import { escapeMarkdown, requirementLink } from './format';
import type { QueryPlan, Subject } from './question/plan';

/** Subjects about named requirements: a control id asked about stands for the requirements mapped to it. */
const ABOUT_NAMED: Subject[] = ['requirement', 'draft', 'evidence'];
const MAX_MAPPED = 5;

/**
 * 'Status of AC-2', 'draft a response for 164.308(a)(1)': the tenant's requirements carry framework
 * references, so a control id or citation resolves to the requirements that map to it. Says which they
 * are, or plainly that none maps to it (then there is nothing more to answer: returns null).
 */
export async function resolveControl(writer: AnswerWriter, plan: QueryPlan): Promise<QueryPlan | null> {
  const control = plan.filters.control;
  if (!control || plan.filters.requirement_ids?.length || !ABOUT_NAMED.includes(plan.subject)) return plan;
  const found = await writer.call('search_requirements', { control, limit: MAX_MAPPED });
  if (found.total === 0) {
    writer.line(`No requirement of ${writer.tenant} maps to ${escapeMarkdown(control)}: none of its requirements cites that control in its framework references. Ask "Which requirements map to AC-3?" with another control id, or search the requirements by topic.`);
    return null;
  }
  const ids = found.requirements.map((r) => r.id);
  const more = found.total > ids.length ? ` (the first ${ids.length} of ${found.total})` : '';
  writer.line(`${escapeMarkdown(control)} maps to ${found.total === 1 ? 'requirement' : 'requirements'} ${ids.map((id) => requirementLink(id)).join(', ')}${more} of ${writer.tenant}.`);
  writer.line();
  return { ...plan, filters: { ...plan.filters, requirement_ids: plan.subject === 'draft' ? ids.slice(0, 3) : ids } };
}
