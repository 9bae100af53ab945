import type { AiEngine, Obligation, ObligationParty } from '../engine';
import { progressReporter, throwIfAborted, yieldToEventLoop } from '../call-context';
import { classifyDomain } from './domain-classifier';
import { analyzeEvidenceLocally } from './evidence-analyzer';
import { learnedDomainScores } from './learned-domains';
import { detectObligations } from './obligation-detector';
import { detectParties, type PartyRole } from './parties';
import { domainVotes, getRequirementIndex, rankRequirements } from './requirement-matcher';
import { writeResponse } from './response-writer';
import { answerLocally } from '../assistant/local-assistant';
import { writePolicy } from '../policies/policy-writer';
import { segmentText } from './segmenter';

/** The model name recorded on local results: the NLP pipeline and its version. */
import { LOCAL_MODEL } from '../model-names';

export { LOCAL_MODEL };

/** A calibrated match below this leaves the obligation unmatched (it becomes a tenant contract requirement). */
export const MATCH_THRESHOLD = 0.5;
/** Weight of the ranked requirements' domains in the domain decision. */
const DOMAIN_VOTE_WEIGHT = 2;
/** Weight of the heading and list lead-in in the domain decision. */
const CONTEXT_WEIGHT = 0.4;

/** A duty with no named party falls on the side that provides the service: contracts impose duties on it. */
export function partyOf(role: PartyRole): ObligationParty {
  if (role === 'customer') return 'customer';
  if (role === 'mutual') return 'both';
  return 'provider';
}

/** Between CPU-bound phases: let a due deadline fire, then stop if the call was aborted. */
async function checkpoint(signal: AbortSignal): Promise<void> {
  await yieldToEventLoop();
  throwIfAborted(signal);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The default provider: offline, deterministic and fast, built on wink-nlp and minisearch. */
export function createLocalEngine(): AiEngine {
  const provenance = { provider: 'local' as const, model: LOCAL_MODEL };
  return {
    ...provenance,

    async extractObligations({ text, requirements }, options) {
      const progress = progressReporter(options);
      throwIfAborted(options.signal);
      progress('Processing document', 5);
      const segmented = segmentText(text);
      const parties = detectParties(text);
      await checkpoint(options.signal);
      progress('Analyzing with AI batch 1/1', 30);
      const detected = detectObligations(segmented, parties);
      await checkpoint(options.signal);
      progress('Matching requirements', 60);
      const index = getRequirementIndex(requirements);
      const obligations: Obligation[] = detected.map((found) => {
        const query = { terms: found.terms, contextTerms: found.leadTerms, stems: found.stems };
        const votes = domainVotes(index, query, DOMAIN_VOTE_WEIGHT);
        const learned = learnedDomainScores(found.stems, found.contextStems);
        for (let d = 1; d < votes.length; d += 1) votes[d] = (votes[d] ?? 0) + (learned[d] ?? 0);
        const domain = classifyDomain(
          [
            { stems: found.stems, weight: 1 },
            { stems: found.contextStems, weight: CONTEXT_WEIGHT },
          ],
          votes,
        );
        const best = rankRequirements(index, { ...query, domain: domain.domain_number }, 1)[0];
        const matched = best !== undefined && best.score >= MATCH_THRESHOLD;
        return {
          clause: found.clause,
          text: found.text,
          start: found.start,
          end: found.end,
          party: partyOf(found.role),
          domain_number: domain.domain_number,
          confidence: round(found.confidence),
          match: { requirement_key: matched ? best.requirement.key : null, score: round(best?.score ?? 0) },
        };
      });
      await checkpoint(options.signal);
      progress('Finalizing analysis', 100);
      return { ...provenance, obligations, parties: parties.names };
    },

    async analyzeEvidence(input, options) {
      const progress = progressReporter(options);
      throwIfAborted(options.signal);
      const result = analyzeEvidenceLocally(input, progress, () => throwIfAborted(options.signal));
      await checkpoint(options.signal);
      progress('Finalizing analysis', 100);
      return { ...provenance, ...result };
    },

    async suggestResponse(input, options) {
      throwIfAborted(options.signal);
      const text = writeResponse(input);
      options.onProgress?.('Finalizing analysis', 100);
      return { ...provenance, text };
    },

    async generatePolicy(input, options) {
      throwIfAborted(options.signal);
      options.onProgress?.('Writing policy statements', 50);
      const content = writePolicy(input);
      options.onProgress?.('Finalizing policy', 100);
      return { ...provenance, content };
    },

    async chat(input, options) {
      throwIfAborted(options.signal);
      const answer = await answerLocally(input, options);
      return { ...provenance, ...answer };
    },
  };
}
