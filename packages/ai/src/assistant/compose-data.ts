import { getDomain } from '@compliance/catalog/domains';
import type { AnswerWriter } from './answer-writer';
import { bulleted, escapeMarkdown, numbered, plural, requirementItem, truncate } from './format';
import type { SearchFilters } from './intent';
import type { EvidenceSummary } from './tools';

/** Answers about the tenant's evidence, contracts, owners and requirement search. */

function documentNames(documents: EvidenceSummary['documents']): string {
  return documents.map((d) => `${escapeMarkdown(d.name)} (supports ${plural(d.requirement_count, 'requirement')})`).join(', ');
}

export async function composeEvidence(writer: AnswerWriter): Promise<void> {
  const evidence = await writer.call('list_evidence', {});
  if (evidence.total === 0) {
    writer.line(`${writer.tenant} has no evidence documents yet. Upload policies, procedures, reports, certificates or screenshots in the Evidence Library; each is analysed and linked to the requirements it supports.`);
    return;
  }
  writer.line(`**${writer.tenant} holds ${plural(evidence.total, 'evidence document')}** of ${plural(evidence.by_type.length, 'type')}:`);
  writer.line();
  writer.list(
    bulleted(
      evidence.by_type.map((type) => {
        const documents = evidence.documents.filter((d) => d.document_type === type.document_type);
        return `**${type.document_type}** (${type.count}): ${documentNames(documents)}`;
      }),
    ),
  );
  const unlinked = evidence.documents.filter((d) => d.requirement_count === 0);
  if (unlinked.length) {
    writer.line();
    writer.line(`Not linked to any requirement yet: ${unlinked.map((d) => escapeMarkdown(d.name)).join(', ')}.`);
  }
}

export async function composeEvidenceCoverage(writer: AnswerWriter, name: string): Promise<void> {
  const coverage = await writer.call('get_evidence_coverage', { name });
  if (!coverage) {
    const evidence = await writer.call('list_evidence', {});
    writer.line(`I found no evidence document called "${name}" in ${writer.tenant}.`);
    if (evidence.documents.length) {
      writer.line();
      writer.line('Evidence documents held:');
      writer.list(bulleted(evidence.documents.map((d) => `${escapeMarkdown(d.name)} (${d.document_type})`)));
    } else {
      writer.line(`${writer.tenant} has no evidence documents yet.`);
    }
    return;
  }
  if (!coverage.requirements.length) {
    writer.line(`**${escapeMarkdown(coverage.name)}** (${coverage.document_type}) is not linked to any requirement yet. Link it from the requirement's evidence list, or re-run its analysis.`);
    return;
  }
  writer.line(`**${escapeMarkdown(coverage.name)}** (${coverage.document_type}) supports ${plural(coverage.requirements.length, 'requirement')}:`);
  writer.line();
  writer.list(bulleted(coverage.requirements.map((r) => requirementItem(r, { showDomain: true }))));
}

export async function composeContracts(writer: AnswerWriter, uncoveredOnly: boolean): Promise<void> {
  const result = await writer.call('list_contract_obligations', { uncovered_only: uncoveredOnly });
  if (!result.contracts.length) {
    writer.line(`No customer contracts have been analysed for ${writer.tenant} yet. Upload one in the Contract Analyzer to extract its obligations and map them to requirements.`);
    return;
  }
  writer.line(`**Customer contract obligations of ${writer.tenant}** (${plural(result.contracts.length, 'contract')}):`);
  writer.line();
  writer.list(bulleted(result.contracts.map((c) => `**${escapeMarkdown(c.name)}**: ${plural(c.obligation_count, 'obligation')}, ${c.uncovered_count} not covered by evidence`)));
  const uncovered = result.obligations.filter((o) => !o.covered);
  writer.line();
  if (!uncovered.length) {
    writer.line('Every obligation is covered: the requirement it became has evidence linked.');
    return;
  }
  const shown = uncovered.slice(0, 10);
  writer.line(`**Not covered by evidence** (${shown.length === uncovered.length ? 'all' : `first ${shown.length}`} of ${uncovered.length}):`);
  writer.list(
    bulleted(
      shown.map((o) => {
        const clause = o.clause ? `, clause ${o.clause}` : '';
        const requirement = o.requirement_id ? `→ Requirement ${o.requirement_id}` : '→ no matching requirement';
        return `${o.contract}${clause}: "${truncate(o.text, 140)}" ${requirement}`;
      }),
    ),
  );
  writer.line();
  writer.line('Link evidence to those requirements (or upload it in the Evidence Library) to cover them.');
}

export async function composeOwners(writer: AnswerWriter): Promise<void> {
  const { owners, unassigned } = await writer.call('list_owners_and_statuses', {});
  const ranked = [...owners].sort((a, b) => b.not_started + b.in_progress - (a.not_started + a.in_progress) || b.not_started - a.not_started || a.owner_name.localeCompare(b.owner_name));
  const top = ranked[0];
  if (!top) {
    writer.line(`No requirement of ${writer.tenant} has an owner yet: all ${plural(unassigned.total, 'requirement')} are unassigned (${unassigned.not_started} not started, ${unassigned.in_progress} in progress). Assign owners on the Requirements screen.`);
    return;
  }
  if (top.not_started + top.in_progress > 0) {
    writer.line(`**${escapeMarkdown(top.owner_name)}** owns the most open items: ${top.not_started} not started and ${top.in_progress} in progress (of ${plural(top.total, 'requirement')}).`);
  } else {
    writer.line(`No owner has open items: every owned requirement is Compliant or Not Applicable.`);
  }
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

function describe(filters: SearchFilters): string {
  const parts = [
    filters.topic ? `mentioning "${filters.topic}"` : '',
    filters.status ? `with status ${filters.status}` : '',
    filters.has_evidence === true ? 'with evidence linked' : filters.has_evidence === false ? 'without evidence' : '',
    filters.framework ? `in ${filters.framework.canonical ?? filters.framework.name}` : '',
    filters.domain_number ? `in ${getDomain(filters.domain_number)?.name ?? `domain ${filters.domain_number}`}` : '',
  ];
  return parts.filter(Boolean).join(', ');
}

export async function composeSearch(writer: AnswerWriter, filters: SearchFilters): Promise<void> {
  const base = {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.has_evidence !== undefined ? { has_evidence: filters.has_evidence } : {}),
    ...(filters.framework ? { framework: filters.framework.canonical ?? filters.framework.name } : {}),
    ...(filters.domain_number ? { domain_number: filters.domain_number } : {}),
    limit: 10,
  };
  let used = filters;
  let found = await writer.call('search_requirements', { ...base, ...(filters.query ? { query: filters.query } : {}) });
  const words = filters.query?.split(' ') ?? [];
  if (found.total === 0 && words.length > 1) {
    const longest = [...words].sort((a, b) => b.length - a.length)[0] ?? '';
    const topic = filters.topic?.split(' ').find((w) => w.toLowerCase().startsWith(longest)) ?? longest;
    used = { ...filters, query: longest, topic };
    found = await writer.call('search_requirements', { ...base, query: longest });
  }
  const description = describe(used);
  if (found.total === 0) {
    writer.line(`No requirement of ${writer.tenant} ${description ? `matches: ${description}` : 'matches'}. Try another word, or ask about a framework's gaps.`);
    return;
  }
  const filterText = description ? ` (${description})` : '';
  const shown = found.requirements.length < found.total ? `; the first ${found.requirements.length}` : '';
  writer.line(`**${plural(found.total, 'requirement')} of ${writer.tenant} ${found.total === 1 ? 'matches' : 'match'}**${filterText}${shown}:`);
  writer.line();
  writer.list(bulleted(found.requirements.map((r) => requirementItem(r, { showDomain: true }))));
}
