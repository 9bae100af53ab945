import type { ChatTurn } from '../engine';
import { findDomain, findFrameworks, searchStem, withoutFrameworks, type FrameworkMention } from './vocabulary';

/**
 * What the user asks, read deterministically from the last user message (and the earlier ones for
 * follow-ups such as 'and for PCI?'). Each intent names the tool calls the local provider makes.
 */

export type RequirementStatus = 'Not Started' | 'In Progress' | 'Compliant' | 'Not Applicable';

export type SearchFilters = {
  /** Search stems sent to the tool ('encrypt'); `topic` is the user's words for the answer ('encryption'). */
  query?: string;
  topic?: string;
  status?: RequirementStatus;
  has_evidence?: boolean;
  framework?: FrameworkMention;
  domain_number?: number;
};

export type Intent =
  | { kind: 'help'; greeting: boolean }
  | { kind: 'unknown' }
  | { kind: 'summary' }
  | { kind: 'framework_compliance'; framework: FrameworkMention | null }
  | { kind: 'domains' }
  | { kind: 'domain_detail'; domain_number: number }
  | { kind: 'gaps'; framework: FrameworkMention | null; limit: number }
  | { kind: 'top_priority'; limit: number }
  | { kind: 'evidence' }
  | { kind: 'evidence_coverage'; name: string }
  | { kind: 'improve' }
  | { kind: 'contracts'; uncovered_only: boolean }
  | { kind: 'owners' }
  | { kind: 'search'; filters: SearchFilters };

const DEFAULT_LIMIT = 10;

const GREETING = /^\s*(?:hi|hello|hey|good\s+(?:morning|afternoon|evening)|greetings|thanks|thank\s+you|cheers)\b[\s!.,]*(?:there|assistant)?[\s!.,]*$/i;
const HELP = /^\s*help\b|\b(?:what\s+can\s+(?:you|i)\s+(?:do|ask|answer)|what\s+(?:questions|kind\s+of\s+questions)|how\s+do(?:es)?\s+(?:this|you)\s+work|who\s+are\s+you|what\s+are\s+you)\b/i;
const IMPROVE =
  /\b(?:improv\w*|increas\w*|rais(?:e|ing)|boost\w*|get\s+(?:to\s+)?(?:a\s+)?(?:higher|better)|higher\s+(?:score|rate)|next\s+steps?|what\s+should\s+(?:we|i)\s+(?:do|focus|work|tackle|fix|start)|where\s+(?:should|do)\s+(?:we|i)\s+(?:start|focus|begin)|recommend\w*|action\s+plan|roadmap|quick\s+wins?|get\s+compliant|become\s+compliant|close\s+(?:the\s+|our\s+)?gaps)\b/i;
const CONTRACTS = /\b(?:contracts?|obligations?|msa|dpa|agreements?|customer\s+commitments?|clauses?)\b/i;
const UNCOVERED = /\b(?:not\s+(?:yet\s+)?covered|uncovered|without\s+(?:any\s+)?evidence|missing\s+evidence|no\s+evidence|lack\w*|gaps?|unmet|open)\b/i;
const OWNERS = /\b(?:owners?|owns|owned|ownership|assignees?|assigned|unassigned|who\s+is\s+responsible|responsib\w*|workload|who\s+(?:has|holds|works\s+on))\b/i;
const PRIORITY = /\b(?:top|highest|most\s+(?:important|urgent|critical|pressing)|urgent|critical|priorit(?:y|ies|i[sz]e|i[sz]ed|i[sz]ation))\b/i;
const DOMAINS_WORDS = /\b(?:domains?|areas?|categories|category|weakest|weak\s+spots?|attention|lagging|struggling|worst|behind)\b/i;
const FRAMEWORK_WORDS = /\bframeworks?\b/i;
const GAPS = /\b(?:gaps?|missing|non-?compliant|not\s+(?:yet\s+)?compliant|open\s+items?|outstanding|remaining|left\s+to\s+do|shortfalls?|deficienc\w*|failing|to\s+do)\b/i;
const EVIDENCE = /\b(?:evidence|documents?|artifacts?|artefacts?|proofs?|uploaded|uploads|files?)\b/i;
const COMPLIANCE_WORDS = /\b(?:complian\w*|rates?|scores?|status|how\s+(?:are|is)\s+(?:we|our)|doing|progress|ready|readiness|percentage|posture|standing|where\s+do\s+we\s+stand|how\s+far|overview|summary|dashboard|overall|coverage)\b|%/i;
const SEARCH_PHRASE =
  /\b(?:anything|something|requirements?|controls?|items?|evidence)\s+(?:on|about|for|regarding|related\s+to|around|covering|concerning|mentioning|with|that\s+mention|that\s+cover)\s+(.+)$|\b(?:search(?:\s+for)?|find|look\s+up|lookup)\s+(.+)$|\bdo\s+we\s+(?:have|cover|address|handle)\s+(?:any(?:thing)?\s+)?(.+)$/i;
const COVERAGE =
  /\bwhat\s+(?:does|do|is)\s+(?:the\s+|our\s+)?(.+?)\s+(?:cover|covers|support|supports|address|satisfy|map\s+to|prove|link\s+to|linked\s+to)\b|\b(?:which|what)\s+requirements?\s+(?:does|do|is|are)\s+(?:the\s+|our\s+)?(.+?)\s+(?:cover|support|address|satisfy|linked\s+to|mapped\s+to|covered\s+by|supported\s+by)\b|\b(?:covered|supported|addressed)\s+by\s+(?:the\s+|our\s+)?(.+?)[?.!]*$|\bcoverage\s+of\s+(?:the\s+|our\s+)?(.+?)[?.!]*$/i;
const GENERIC_NAME = /^(?:evidence|our\s+evidence|the\s+evidence|documents?|it|this|that|these|those|we|us|each|each\s+document|our\s+documents)$/i;
const FOLLOW_UP = /^\s*(?:and|what\s+about|how\s+about|same\s+(?:for|with)|now\s+(?:for|do)|then\s+for|also)\b/i;
const STOP_WORDS = new Set(
  'a an the any anything some something our we us do does have has is are that which what about on for to of in with regarding related around covering concerning mentioning requirement requirements control controls please show me list find search look up lookup cover address handle there yet all items item evidence documented gap gaps missing open outstanding priority top'.split(
    ' ',
  ),
);

function limitOf(text: string): number {
  const match = /\b(?:top|first|the)\s+(\d{1,2})\b|\b(\d{1,2})\s+(?:most|top|highest|priority|requirements|gaps|items)\b/i.exec(text);
  const value = Number(match?.[1] ?? match?.[2] ?? DEFAULT_LIMIT);
  return Math.min(50, Math.max(1, value || DEFAULT_LIMIT));
}

function statusOf(text: string): RequirementStatus | undefined {
  if (/\bnot\s+started\b/i.test(text)) return 'Not Started';
  if (/\bin\s+progress\b/i.test(text)) return 'In Progress';
  if (/\b(?:not\s+applicable|n\/a)\b/i.test(text)) return 'Not Applicable';
  if (/(?<!non-?|not\s)\bcompliant\b/i.test(text) && /\b(?:requirements?|which|list|show)\b/i.test(text) && !/\bhow\s+compliant\b/i.test(text)) return 'Compliant';
  return undefined;
}

function evidenceFilterOf(text: string): boolean | undefined {
  if (/\b(?:without|no|missing|lacking|lack)\s+(?:any\s+)?evidence\b|\bnot\s+(?:yet\s+)?(?:covered|supported)\s+by\s+evidence\b/i.test(text)) return false;
  if (/\b(?:with|have|has|having)\s+(?:linked\s+)?evidence\b|\bevidence\s+linked\b|\bcovered\s+by\s+evidence\b/i.test(text)) return true;
  return undefined;
}

/** The words to search for (the user's words and their search stems); null when the phrase names no topic. */
export function topicOf(phrase: string): { query: string; topic: string } | null {
  const cleaned = withoutFrameworks(phrase)
    .replace(/\b(?:not\s+started|in\s+progress|not\s+applicable|compliant|with(?:out)?\s+evidence|no\s+evidence|linked)\b/gi, ' ')
    .replace(/\b(?:in|from|of)\s+the\s+.+\s+domain\b/gi, ' ')
    .replace(/[^\p{L}\p{N}\s-]/gu, ' ');
  const words = cleaned
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w));
  return words.length ? { query: words.map(searchStem).join(' '), topic: words.join(' ') } : null;
}

function searchIntent(text: string, frameworks: FrameworkMention[]): { kind: 'search'; filters: SearchFilters } | null {
  const match = SEARCH_PHRASE.exec(text);
  const found = match ? topicOf(match[1] ?? match[2] ?? match[3] ?? '') : null;
  const status = statusOf(text);
  const has_evidence = evidenceFilterOf(text);
  const domain = findDomain(text);
  const filters: SearchFilters = {
    ...(found ?? {}),
    ...(status ? { status } : {}),
    ...(has_evidence !== undefined ? { has_evidence } : {}),
    ...(frameworks[0] ? { framework: frameworks[0] } : {}),
    ...(domain ? { domain_number: domain } : {}),
  };
  const mentionsRequirements = /\brequirements?\b|\bcontrols?\b/i.test(text);
  if (found || ((status || has_evidence !== undefined) && mentionsRequirements)) return { kind: 'search', filters };
  return null;
}

/** The intent of one message on its own, or null when it has no recognisable keyword. */
export function classifyMessage(text: string): Intent | null {
  const frameworks = findFrameworks(text);
  const framework = frameworks[0] ?? null;
  if (GREETING.test(text)) return { kind: 'help', greeting: true };
  if (HELP.test(text)) return { kind: 'help', greeting: false };
  const coverage = COVERAGE.exec(text);
  const name = coverage ? (coverage[1] ?? coverage[2] ?? coverage[3] ?? coverage[4] ?? '').trim() : '';
  if (name && !GENERIC_NAME.test(name) && !findFrameworks(name).length && !findDomain(name)) return { kind: 'evidence_coverage', name };
  if (IMPROVE.test(text)) return { kind: 'improve' };
  if (CONTRACTS.test(text)) return { kind: 'contracts', uncovered_only: UNCOVERED.test(text) };
  if (OWNERS.test(text)) return { kind: 'owners' };
  const domain = findDomain(text);
  if (domain && !/\brequirements?\b.*\b(?:about|on|regarding|mentioning)\b/i.test(text)) return { kind: 'domain_detail', domain_number: domain };
  if (FRAMEWORK_WORDS.test(text) && !GAPS.test(text)) return { kind: 'framework_compliance', framework };
  if (DOMAINS_WORDS.test(text) && !framework) return { kind: 'domains' };
  const search = searchIntent(text, frameworks);
  if (search?.filters.query) return search;
  if (GAPS.test(text) || (framework && PRIORITY.test(text))) return { kind: 'gaps', framework, limit: limitOf(text) };
  if (PRIORITY.test(text)) return { kind: 'top_priority', limit: limitOf(text) };
  if (search) return search;
  if (EVIDENCE.test(text)) return { kind: 'evidence' };
  if (framework) return { kind: 'framework_compliance', framework };
  if (COMPLIANCE_WORDS.test(text)) return { kind: 'summary' };
  if (/\bhelp\b/i.test(text)) return { kind: 'help', greeting: false };
  return null;
}

/** Applies a follow-up ('and for PCI?', 'what about backups?') to the intent of an earlier question. */
function applyFollowUp(previous: Intent, text: string): Intent | null {
  const framework = findFrameworks(text)[0] ?? null;
  if (framework) {
    switch (previous.kind) {
      case 'gaps':
        return { ...previous, framework };
      case 'top_priority':
        return { kind: 'gaps', framework, limit: previous.limit };
      case 'search':
        return { kind: 'search', filters: { ...previous.filters, framework } };
      case 'summary':
      case 'framework_compliance':
      case 'domains':
        return { kind: 'framework_compliance', framework };
      default:
        return null;
    }
  }
  const found = FOLLOW_UP.test(text) ? topicOf(text.replace(FOLLOW_UP, ' ')) : null;
  if (previous.kind === 'search' && found) return { kind: 'search', filters: { ...previous.filters, ...found } };
  return null;
}

/** The intent of the conversation's last user message, using earlier questions for follow-ups. */
export function detectIntent(messages: readonly ChatTurn[]): Intent {
  const questions = messages.filter((m) => m.role === 'user').map((m) => m.content.trim());
  const last = questions.at(-1) ?? '';
  const direct = classifyMessage(last);
  const looksLikeFollowUp = FOLLOW_UP.test(last) || last.split(/\s+/).length <= 4;
  const standalone = direct && !(looksLikeFollowUp && (direct.kind === 'framework_compliance' || direct.kind === 'search'));
  if (standalone) return direct;
  if (looksLikeFollowUp) {
    for (const earlier of questions.slice(0, -1).reverse()) {
      const previous = classifyMessage(earlier);
      if (!previous || previous.kind === 'help' || previous.kind === 'unknown') continue;
      const merged = applyFollowUp(previous, last);
      if (merged) return merged;
      break;
    }
  }
  return direct ?? { kind: 'unknown' };
}
