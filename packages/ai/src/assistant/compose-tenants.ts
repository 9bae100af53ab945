import type { AnswerWriter } from './answer-writer';
import { escapeMarkdown, numbered, percent, plural, requirementLink } from './format';
import type { QueryPlan } from './question/plan';

/** Comparing the tenants the person may read, and drafting a response for one requirement. */

export async function composeTenants(writer: AnswerWriter): Promise<void> {
  const { tenants } = await writer.call('compare_tenants', {});
  if (tenants.length <= 1) {
    writer.line(`You can read only ${writer.tenant} in ${writer.organization}, so there is nothing to compare it with. Its compliance rate is ${percent(tenants[0]?.compliance_rate ?? 0)}.`);
    return;
  }
  writer.line(`**${plural(tenants.length, 'tenant')} of ${writer.organization} you can read, by compliance rate:**`);
  writer.line();
  writer.list(
    numbered(
      tenants.map(
        (t) =>
          `**${escapeMarkdown(t.name)}**${t.current ? ' (current)' : ''}: ${percent(t.compliance_rate)} — ${t.compliant} of ${plural(t.total, 'requirement')} Compliant, ${t.in_progress} in progress, ${t.not_started} not started; ${plural(t.evidence, 'evidence document')}, ${plural(t.contracts, 'contract')}`,
      ),
    ),
  );
}

/** A response drafted for each requirement named (a control id maps to up to three). */
export async function composeDraft(writer: AnswerWriter, plan: QueryPlan): Promise<void> {
  const ids = plan.filters.requirement_ids ?? [];
  if (!ids.length) {
    writer.line('Name the requirement to draft a response for, for example "Draft a response for requirement 3.1" or "Draft a response for AC-2". Its id is on the Requirements screen.');
    return;
  }
  for (const id of ids.slice(0, 3)) await draftOne(writer, id);
}

async function draftOne(writer: AnswerWriter, id: string): Promise<void> {
  const draft = await writer.call('draft_response', { requirement_id: id });
  if (!draft.text) {
    writer.line(`I could not draft a response for ${requirementLink(draft.requirement_id)}: ${escapeMarkdown(draft.problem ?? 'no reason given')}`);
    return;
  }
  writer.line(`**Suggested response for ${requirementLink(draft.requirement_id)}** (saved as the requirement's suggestion; review it in the response editor before using it):`);
  writer.line();
  for (const line of draft.text.split('\n')) writer.line(line.trim() ? `> ${escapeMarkdown(line)}` : '>');
  writer.line();
}
