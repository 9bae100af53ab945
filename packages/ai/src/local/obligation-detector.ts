import { buildCandidates, type Candidate } from './obligation-candidates';
import { obligationProbability, OBLIGATION_MODEL, type ObligationModel } from './obligation-model';
import type { Parties, PartyRole } from './parties';
import type { SegmentedText } from './segmenter';

/** An obligation found in the text, before classification and matching. */
export type DetectedObligation = {
  /** Source span (offsets into the input); `text` is that span with page furniture and line breaks reduced to single spaces. */
  start: number;
  end: number;
  text: string;
  clause: string | null;
  role: PartyRole;
  /** Probability from the fitted model, in [0, 1]. */
  confidence: number;
  stems: string[];
  terms: string[];
  /** Heading, lead-in, annex title and table header stems: context for classification, weighted lower. */
  contextStems: string[];
  /** The list lead-in's terms (for list items): the subject and verb the item completes, used in matching. */
  leadTerms: string[];
};

/** A span's text for display and storage: runs of whitespace (wrapped lines, blanked page breaks) become one space. */
export function spanText(text: string, start: number, end: number): string {
  return text.slice(start, end).replace(/\s+/g, ' ').trim();
}

/**
 * Finds obligations: every candidate span (sentence, list item, table row) whose fitted probability of
 * being a security, privacy or compliance duty reaches the model's threshold.
 */
export function detectObligations(segmented: SegmentedText, parties: Parties, model: ObligationModel = OBLIGATION_MODEL): DetectedObligation[] {
  return buildCandidates(segmented, parties).flatMap((candidate) => {
    const probability = obligationProbability(candidate, model);
    return probability >= model.threshold ? [toObligation(segmented.text, candidate, probability)] : [];
  });
}

function toObligation(text: string, candidate: Candidate, probability: number): DetectedObligation {
  return {
    start: candidate.start,
    end: candidate.end,
    text: spanText(text, candidate.start, candidate.end),
    clause: candidate.clause,
    role: candidate.role,
    confidence: probability,
    stems: candidate.own.stems,
    terms: candidate.own.terms,
    contextStems: [...candidate.context.stems, ...candidate.heading.stems],
    leadTerms: candidate.leadTerms,
  };
}
