import { getDomain } from '@compliance/catalog/domains';
import type { AnswerWriter } from './answer-writer';
import { bulleted, escapeMarkdown, numbered, plural, requirementItem, requirementLink, truncate } from './format';
import type { Filters } from './question/plan';
import type { RequirementRef, ToolArgs } from './tools';

/** Answers about requirements: filtered searches and counts, one requirement in full, and owners. */

/** The filters in words: 'in Identity & Access Management, with status In Progress, owned by you'. */
export function describeFilters(f: Filters): string {
  const owner = f.owner === 'me' ? 'assigned to you' : f.owner === 'unassigned' ? 'with no owner' : f.owner ? `owned by ${escapeMarkdown(f.owner)}` : '';
  const parts = [
    f.topic ? `mentioning "${escapeMarkdown(f.topic)}"` : '',
    f.status ? `with status ${f.status.join(' or ')}` : '',
    f.domain ? `in ${getDomain(f.domain)?.name ?? `domain ${f.domain}`}` : '',
    f.framework ? `in ${f.framework.canonical ?? f.framework.name}` : '',
    owner,
    f.has_evidence === true ? 'with evidence linked' : f.has_evidence === false ? 'without evidence' : '',
    f.source === 'contract' ? 'added by customer contracts' : f.source === 'framework' ? 'from the frameworks' : '',
    f.contract ? `from ${escapeMarkdown(f.contract)}` : '',
    f.priority ? `${f.priority} priority` : '',
    f.control ? `mapped to ${escapeMarkdown(f.control)}` : '',
  ];
  return parts.filter(Boolean).join(', ');
}

export function searchArgs(f: Filters, limit: number): ToolArgs<'search_requirements'> {
  return {
    ...(f.query ? { query: f.query } : {}),
    ...(f.status ? { status: f.status } : {}),
    ...(f.domain ? { domain_number: f.domain } : {}),
    ...(f.framework ? { framework: f.framework.canonical ?? f.framework.name } : {}),
    ...(f.has_evidence !== undefined ? { has_evidence: f.has_evidence } : {}),
    ...(f.owner ? { owner: f.owner } : {}),
    ...(f.source ? { source: f.source } : {}),
    ...(f.contract ? { contract: f.contract } : {}),
    ...(f.priority ? { priority: f.priority } : {}),
    ...(f.requirement_ids?.length ? { ids: f.requirement_ids } : {}),
    ...(f.control && !f.requirement_ids?.length ? { control: f.control } : {}),
    ...(f.exact && f.query ? { exact: true } : {}),
    limit,
  };
}

/** Searches with every filter; when several words find nothing, retries with the most specific one. */
async function search(writer: AnswerWriter, filters: Filters, limit: number) {
  let used = filters;
  let found = await writer.call('search_requirements', searchArgs(filters, limit));
  const words = filters.query?.split(' ') ?? [];
  if (found.total === 0 && words.length > 1) {
    const longest = [...words].sort((a, b) => b.length - a.length)[0] ?? '';
    const topic = filters.topic?.split(' ').find((w) => w.toLowerCase().startsWith(longest)) ?? longest;
    used = { ...filters, query: longest, topic };
    found = await writer.call('search_requirements', searchArgs(used, limit));
  }
  const { query: _q, topic: _t, ...rest } = filters;
  if (found.total === 0 && filters.query && Object.keys(rest).some((k) => k !== 'limit')) {
    // The words matched nothing: answer the filters the question states, and say the words found nothing.
    used = rest;
    found = await writer.call('search_requirements', searchArgs(rest, limit));
    return { used, found, dropped: filters.topic };
  }
  return { used, found, dropped: undefined };
}

function byStatus(requirements: RequirementRef[]): string {
  const counts = new Map<string, number>();
  for (const r of requirements) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n} ${status}`).join(', ');
}

function reasonLine(r: RequirementRef): string {
  const reason = r.response?.trim();
  return reason ? `${requirementItem(r)}\n  - Reason recorded: "${escapeMarkdown(truncate(reason, 240))}"` : `${requirementItem(r)}\n  - No reason recorded in its response.`;
}

export async function composeRequirements(writer: AnswerWriter, filters: Filters, ask: string): Promise<void> {
  const all = ask === 'count';
  const { used, found, dropped } = await search(writer, filters, all ? 50 : (filters.limit ?? 10));
  const description = describeFilters(used);
  if (dropped) writer.line(`No requirement mentions "${escapeMarkdown(dropped)}"; here are all that match the rest of the question.`);
  if (used.owner === 'me' && found.total === 0) {
    writer.line(`No requirement of ${writer.tenant} ${description ? `matches: ${description}` : 'is assigned to you'}.`);
    return;
  }
  if (found.total === 0) {
    writer.line(`No requirement of ${writer.tenant} matches${description ? `: ${description}` : ''}.`);
    return;
  }
  const filterText = description ? ` (${description})` : '';
  writer.line(`**${plural(found.total, 'requirement')} of ${writer.tenant} ${found.total === 1 ? 'matches' : 'match'}**${filterText}.`);
  if (!used.status && found.requirements.length === found.total && found.total > 1) writer.line(`By status: ${byStatus(found.requirements)}.`);
  writer.line();
  const shown = found.requirements.slice(0, all ? 10 : found.requirements.length);
  if (shown.length < found.total) writer.line(`The first ${shown.length}:`);
  const explainNa = used.status?.length === 1 && used.status[0] === 'Not Applicable';
  writer.list(bulleted(shown.map((r) => (explainNa ? reasonLine(r) : requirementItem(r, { showDomain: !used.domain })))));
}

export async function composeRequirement(writer: AnswerWriter, ids: string[]): Promise<void> {
  for (const id of ids.slice(0, 5)) {
    const detail = await writer.call('get_requirement', { id });
    if (!detail) {
      writer.line(`${writer.tenant} has no requirement ${escapeMarkdown(id)}. Requirement ids look like 3.4 (domain 3, item 4); the Requirements screen lists them.`);
      continue;
    }
    const r = detail.requirement;
    writer.line(`**${requirementLink(r.id)}: ${r.status}** (${r.priority} priority, ${r.domain_name}; owner: ${r.owner_name ? escapeMarkdown(r.owner_name) : 'unassigned'})`);
    writer.line();
    writer.line(`> ${escapeMarkdown(truncate(r.text, 400))}`);
    writer.line();
    const controls = Object.entries(r.control_ids).filter(([, list]) => list.length).map(([framework, list]) => `${framework}: ${list.join(', ')}`);
    if (controls.length) writer.line(`Controls: ${controls.join('; ')}.`);
    if (detail.evidence.length) {
      writer.line(`Evidence linked (${detail.evidence.length}):`);
      writer.list(bulleted(detail.evidence.map((e) => `${escapeMarkdown(e.name)} (${e.document_type}, ${Math.round(e.confidence * 100)}% match): "${escapeMarkdown(truncate(e.excerpt, 160))}"`)));
    } else {
      writer.line('No evidence is linked yet.');
    }
    if (detail.obligations.length) {
      writer.line('From customer contracts:');
      writer.list(bulleted(detail.obligations.map((o) => `${escapeMarkdown(o.contract)}${o.clause ? `, clause ${escapeMarkdown(o.clause)}` : ''}: "${escapeMarkdown(truncate(o.text, 160))}"`)));
    }
    writer.line(r.response ? `Response: "${escapeMarkdown(truncate(r.response, 300))}"` : 'No response has been written yet.');
    writer.line();
  }
}

/** 'Who owns those?' after what a document supports: the requirements it supports, by id. */
async function withDocumentRequirements(writer: AnswerWriter, filters: Filters): Promise<Filters> {
  if (!filters.evidence || filters.requirement_ids?.length) return filters;
  const coverage = await writer.call('get_evidence_coverage', { name: filters.evidence });
  if (!coverage?.requirements.length) return filters;
  const { evidence: _document, ...rest } = filters;
  return { ...rest, requirement_ids: coverage.requirements.map((r) => r.id) };
}

export async function composeOwners(writer: AnswerWriter, asked: Filters): Promise<void> {
  const filters = await withDocumentRequirements(writer, asked);
  const filtered = Object.keys(filters).some((k) => k !== 'limit');
  if (filtered) {
    const found = await writer.call('search_requirements', searchArgs(filters, 50));
    const description = describeFilters(filters);
    if (!found.total) {
      writer.line(`No requirement of ${writer.tenant} matches${description ? `: ${description}` : ''}, so there is no owner to name.`);
      return;
    }
    const groups = new Map<string, RequirementRef[]>();
    for (const r of found.requirements) groups.set(r.owner_name ?? 'Unassigned', [...(groups.get(r.owner_name ?? 'Unassigned') ?? []), r]);
    writer.line(`**Owners of the ${plural(found.total, 'requirement')}** ${description ? `(${description})` : ''}:`);
    writer.line();
    const ranked = [...groups].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
    writer.list(bulleted(ranked.map(([owner, list]) => `**${escapeMarkdown(owner)}** (${list.length}): ${list.slice(0, 8).map((r) => requirementLink(r.id, r.id)).join(', ')}${list.length > 8 ? ', …' : ''}`)));
    if (found.requirements.length < found.total) writer.line(`(The first ${found.requirements.length} of ${found.total} are grouped here.)`);
    return;
  }
  const { owners, unassigned } = await writer.call('list_owners_and_statuses', {});
  const ranked = [...owners].sort((a, b) => b.not_started + b.in_progress - (a.not_started + a.in_progress) || b.not_started - a.not_started || a.owner_name.localeCompare(b.owner_name));
  const top = ranked[0];
  if (!top) {
    writer.line(`No requirement of ${writer.tenant} has an owner yet: all ${plural(unassigned.total, 'requirement')} are unassigned (${unassigned.not_started} not started, ${unassigned.in_progress} in progress). Assign owners on the Requirements screen.`);
    return;
  }
  writer.line(
    top.not_started + top.in_progress > 0
      ? `**${escapeMarkdown(top.owner_name)}** owns the most open items: ${top.not_started} not started and ${top.in_progress} in progress (of ${plural(top.total, 'requirement')}).`
      : 'No owner has open items: every owned requirement is Compliant or Not Applicable.',
  );
  writer.line();
  writer.line('**Owners by open items:**');
  writer.list(numbered(ranked.slice(0, 10).map((o) => `${escapeMarkdown(o.owner_name)}: ${o.not_started} not started, ${o.in_progress} in progress, ${o.compliant} compliant (of ${o.total})`)));
  writer.line();
  writer.line(
    unassigned.total
      ? `Unassigned: ${plural(unassigned.total, 'requirement')} have no owner (${unassigned.not_started} not started, ${unassigned.in_progress} in progress).`
      : 'Every requirement has an owner.',
  );
}
