import type { SuggestResponseInput } from '../engine';
import { analyzeText, contentStems, tokensInRange } from './nlp';

const MAX_SOURCES = 4;
const SENTENCES_PER_SOURCE = 2;

type Source = { name: string; sentences: string[] };

/** The sentences of an excerpt that share the most vocabulary with the requirement, kept in their original order. */
function relevantSentences(excerpt: string, requirementStems: ReadonlySet<string>): string[] {
  const { tokens, sentences } = analyzeText(excerpt);
  const scored = sentences.map((span, position) => {
    const text = excerpt.slice(span.start, span.end).replace(/\s+/g, ' ').trim();
    const stems = contentStems(tokensInRange(tokens, span.start, span.end));
    const overlap = new Set(stems.filter((s) => requirementStems.has(s))).size;
    return { text, position, overlap };
  });
  const chosen = scored
    .filter((s) => s.text.split(' ').length >= 3)
    .sort((a, b) => b.overlap - a.overlap || a.position - b.position)
    .slice(0, SENTENCES_PER_SOURCE)
    .sort((a, b) => a.position - b.position);
  return chosen.map((s) => s.text);
}

function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * Drafts a response in the tenant's voice from the linked evidence only: it names each evidence
 * document and quotes what that document says, so every statement can be traced to a source.
 */
export function writeResponse(input: SuggestResponseInput): string {
  const requirementText = input.requirement.text.trim().replace(/\.$/, '');
  const sources: Source[] = [];
  const seen = new Set<string>();
  const requirementStems = new Set(contentStems(analyzeText(requirementText).tokens));
  for (const item of input.evidence) {
    const name = item.name.trim();
    const excerpt = item.excerpt.trim();
    if (!name || !excerpt || seen.has(name)) continue;
    seen.add(name);
    const sentences = relevantSentences(excerpt, requirementStems);
    if (sentences.length > 0) sources.push({ name, sentences });
    if (sources.length === MAX_SOURCES) break;
  }
  if (sources.length === 0) {
    return [
      'No evidence is linked to this requirement yet, so this response cannot be drafted from our records.',
      `To respond, link the policy, procedure, configuration or report that shows how we ${lowerFirst(requirementText)}.`,
    ].join(' ');
  }
  const names = sources.map((s) => s.name);
  const lines = [
    `We address this requirement through the controls documented in ${listNames(names)}.`,
    '',
    ...sources.map((source) => `${source.name}: “${source.sentences.join(' ')}”`),
    '',
    `Supporting evidence: ${names.join('; ')}. These documents are available for review on request.`,
  ];
  return lines.join('\n');
}
