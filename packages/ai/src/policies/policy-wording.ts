import type { PolicyRequirement } from '../engine';
import { PROVIDER_ROLE_WORDS } from '../local/lexicon';

/** Collapses runs of whitespace (newlines included) to single spaces. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Template and catalog texts say "the organization": the policy names the organization instead. */
export function inOrganizationVoice(text: string, organization: string): string {
  return text.replace(/\b[Tt]he organi[sz]ation\b/g, organization);
}

/** Lower-cases the first word when it is an ordinary capitalised word; acronyms (MFA, SPF) stay as they are. */
export function lowerFirstWord(text: string): string {
  const word = /^[^\s,;:]+/.exec(text)?.[0] ?? '';
  return /^[A-Z][a-z'’-]*[a-z]$/.test(word) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

function withFullStop(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const PROVIDER_SUBJECT = new RegExp(
  `^(?:the\\s+)?(?:${PROVIDER_ROLE_WORDS.map(escapeRegExp).join('|')})(?:\\s*\\([^)]*\\))?\\s+(?:shall|must|will|agrees to|undertakes to|is required to|is obliged to)\\s+(.+)$`,
  'i',
);

/**
 * The local wording of one requirement as a 'shall' statement in the organization's voice. Catalog
 * requirements are imperative ('Maintain an inventory …' → '{org} shall maintain an inventory …');
 * a contract obligation addressed to the supplier is rewritten the same way, anything else is quoted.
 */
export function shallStatement(requirement: Pick<PolicyRequirement, 'text' | 'source_type'>, organization: string): string {
  const text = oneLine(requirement.text).replace(/[\s.;:,]+$/, '');
  if (requirement.source_type === 'contract') {
    const rest = PROVIDER_SUBJECT.exec(text)?.[1];
    if (rest) return withFullStop(`${organization} shall ${rest}`);
    return `${organization} shall meet this customer contract obligation: “${text}”.`;
  }
  // The organization is already the subject: "Acme shall have its approach …", not "… Acme's approach".
  const possessive = text.replace(/\b[Tt]he organi[sz]ation[’']s\b/g, 'its');
  return withFullStop(`${organization} shall ${lowerFirstWord(inOrganizationVoice(possessive, organization))}`);
}

const PLACEHOLDER = /\[(?:your |the )?(?:company|organi[sz]ation|org|client|business)(?: name)?\]/gi;
const HEADING_LINE = /^\s{0,3}#{1,6}(?:\s.*)?$/;
const SETEXT_UNDERLINE = /^\s{0,3}(?:=+|-{3,})\s*$/;
const LEADING_MARKER = /^(?:[-*+]\s+|(?:\d+(?:\.\d+)*[.)]|\d+(?:\.\d+)+)\s+|\*\*\d+(?:\.\d+)*\.?\*\*\s*)/;

/** Model prose without headings or placeholders, as paragraphs (or one paragraph). Empty when nothing is left. */
export function cleanProse(text: string, organization: string, options: { singleParagraph: boolean }): string {
  const lines = text
    .replace(PLACEHOLDER, organization)
    .split(/\r?\n/)
    .filter((line) => !HEADING_LINE.test(line) && !SETEXT_UNDERLINE.test(line));
  if (options.singleParagraph) return oneLine(lines.join(' ')).replace(LEADING_MARKER, '').trim();
  return lines
    .join('\n')
    .split(/\n\s*\n/)
    .map(oneLine)
    .filter((paragraph) => paragraph.length > 0)
    .join('\n\n');
}

/** A GFM table cell: pipes escaped, line breaks flattened, '—' when empty. */
export function tableCell(text: string): string {
  const cell = oneLine(text).replace(/\\/g, '\\\\').replace(/\|/g, '\\|');
  return cell.length > 0 ? cell : '—';
}

/** 'a', 'a and b', 'a, b and c'. */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The date a year after a YYYY-MM-DD date (29 February falls back to 28 February), or null for another format. */
export function oneYearLater(date: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const day = match[2] === '02' && match[3] === '29' ? '28' : match[3];
  return `${Number(match[1]) + 1}-${match[2]}-${day}`;
}
