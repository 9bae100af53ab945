import type { RequirementRef, StatusCounts } from './tools';

/** Markdown pieces shared by the local composers. Every figure they print comes from a tool result. */

/**
 * Text taken from a document or a user (file names, contract names, owner names) placed into a Markdown
 * answer: every Markdown and HTML control character escaped, so a name such as `![x](http://host/)` stays
 * text and never becomes an image, a link or markup.
 */
export function escapeMarkdown(text: string): string {
  // Brackets, '!' and the emphasis, code, table and HTML characters: without '[' no link or image opens.
  // (A bare address may still be autolinked by a renderer; the web app shows such links as text.)
  return text.replace(/[\\`*_[\]!|<>~]/g, (char) => `\\${char}`);
}

export function percent(rate: number): string {
  return `${Math.round(rate * 10) / 10}%`;
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

export function truncate(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** 'NIST 800-53 rev 5: AC-2, AC-3; HIPAA: 164.312(a)(1)' for the given frameworks (all when omitted). */
export function controlIds(requirement: RequirementRef, frameworks?: readonly string[]): string {
  const entries = Object.entries(requirement.control_ids).filter(([framework, ids]) => ids.length && (!frameworks || frameworks.includes(framework)));
  return entries.map(([framework, ids]) => `${framework}: ${ids.slice(0, 4).join(', ')}${ids.length > 4 ? ', …' : ''}`).join('; ');
}

function evidenceNote(requirement: RequirementRef): string {
  return requirement.evidence_count ? plural(requirement.evidence_count, 'evidence document') : 'no evidence yet';
}

/** A link to an in-app screen with its search filled in (the web client renders only such relative links). */
function appHref(screen: 'requirements' | 'evidence' | 'contracts', search: string): string {
  return `/${screen}?search=${encodeURIComponent(search).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** 'Requirement 3.4' linked to the requirement list filtered to it. */
export function requirementLink(id: string, label = `Requirement ${id}`): string {
  return `[${escapeMarkdown(label)}](${appHref('requirements', id)})`;
}

/** A document's name linked to its screen (Evidence Library or Contract Analyzer); the name is escaped. */
export function documentLink(kind: 'evidence' | 'contract', name: string): string {
  return `[${escapeMarkdown(name)}](${appHref(kind === 'evidence' ? 'evidence' : 'contracts', name)})`;
}

/** One requirement as a Markdown list item body: id, priority, status, text, then controls, owner and evidence. */
export function requirementItem(requirement: RequirementRef, options: { frameworks?: readonly string[]; showDomain?: boolean } = {}): string {
  const controls = controlIds(requirement, options.frameworks);
  const details = [
    options.showDomain ? requirement.domain_name : '',
    controls,
    `owner: ${requirement.owner_name ?? 'unassigned'}`,
    evidenceNote(requirement),
  ].filter(Boolean);
  return `**${requirementLink(requirement.id)}** (${requirement.priority} priority, ${requirement.status}): ${escapeMarkdown(truncate(requirement.text))} — ${details.join(' · ')}`;
}

export function numbered(items: readonly string[]): string[] {
  return items.map((item, index) => `${index + 1}. ${item}`);
}

export function bulleted(items: readonly string[]): string[] {
  return items.map((item) => `- ${item}`);
}

/** '40% compliant (60 of 150 requirements; 30 in progress, 60 not started)'. */
export function countsSummary(counts: StatusCounts): string {
  return `${percent(counts.compliance_rate)} compliant (${counts.compliant} of ${plural(counts.total, 'requirement')}; ${counts.in_progress} in progress, ${counts.not_started} not started)`;
}

/** Open items first for ranking: lower rate, then more not started, then more in progress. */
export function byNeed<T extends StatusCounts>(a: T, b: T): number {
  return a.compliance_rate - b.compliance_rate || b.not_started - a.not_started || b.in_progress - a.in_progress;
}

export function hasOpenItems(counts: StatusCounts): boolean {
  return counts.not_started > 0 || counts.in_progress > 0;
}
