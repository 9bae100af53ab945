import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { progressReporter } from '../call-context';
import type { AiEngine, EvidenceLink, Obligation, RequirementCandidate, ResolvedAiEngineConfig } from '../engine';
import { partyOf } from '../local/local-engine';
import { spanText } from '../local/obligation-detector';
import { findModal } from '../local/obligation-signals';
import { detectParties, subjectRole, type Parties, type PartyRole } from '../local/parties';
import { segmentText, type Segment, type SegmentedText } from '../local/segmenter';
import type { DocumentType } from '../document-types';
import { InvalidOutputError, chunkText, locateSpan, runWithConcurrency, toBatches, withRetry } from './batching';
import { evidenceOutput, matchesOutput, obligationsOutput, responseOutput, type StructuredOutput } from './schemas';
import { runChat } from './chat-runner';
import { draftPolicy } from './policy-drafter';
import { citedName } from '../cited-name';
import { EVIDENCE_PROMPT, EXTRACTION_PROMPT, MATCHING_PROMPT, RESPONSE_PROMPT } from './prompts';

import { DEFAULT_OPENAI_MODEL } from '../model-names';

export { DEFAULT_OPENAI_MODEL };
const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
/** Contract text per extraction request: about 1,000 words, small enough for a fast, precise answer. */
const CONTRACT_CHUNK_CHARS = 6_000;
/** Evidence text per request. */
const EVIDENCE_CHUNK_CHARS = 12_000;
/** Below this a match is not trusted: the obligation becomes a tenant contract requirement instead. */
const MATCH_THRESHOLD = 0.5;
const LINK_THRESHOLD = 0.5;
const MAX_LINKS = 40;
/** Per-request cap; the call's AbortSignal (the job deadline) is the real limit. */
const REQUEST_TIMEOUT_MS = 60_000;

type Found = Omit<Obligation, 'match'>;

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function requirementPayload(batch: readonly RequirementCandidate[]) {
  return batch.map((r) => ({ key: r.key, domain_number: r.domain_number, text: r.text, keywords: r.keywords ?? [] }));
}

/** Any OpenAI-compatible endpoint (OpenAI, Azure OpenAI, Ollama, vLLM, LM Studio) with JSON-schema outputs. */
export function createOpenAiEngine(config: ResolvedAiEngineConfig): AiEngine {
  const model = config.model ?? DEFAULT_OPENAI_MODEL;
  const client = new OpenAI({
    apiKey: config.apiKey ?? 'not-required',
    baseURL: config.baseUrl ?? DEFAULT_BASE_URL,
    maxRetries: 0,
    timeout: REQUEST_TIMEOUT_MS,
  });
  const provenance = { provider: 'openai' as const, model };

  /** One structured-output request, validated with zod, retried on 429/5xx/bad output within the signal's deadline. */
  async function complete<T>(output: StructuredOutput<T>, system: string, user: unknown, signal: AbortSignal): Promise<T> {
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: system },
      { role: 'user', content: JSON.stringify(user) },
    ];
    return withRetry(
      async () => {
        const completion = await client.chat.completions.create(
          {
            model,
            messages,
            temperature: 0,
            response_format: { type: 'json_schema', json_schema: { name: output.name, strict: true, schema: output.jsonSchema } },
          },
          { signal },
        );
        const message = completion.choices[0]?.message;
        if (!message?.content) throw new InvalidOutputError(message?.refusal ?? 'The model returned no content');
        try {
          return output.parse(JSON.parse(message.content));
        } catch (error) {
          throw new InvalidOutputError(`The model's answer does not match ${output.name}: ${(error as Error).message}`);
        }
      },
      { maxRetries: config.maxRetries, signal },
    );
  }

  return {
    ...provenance,

    async extractObligations({ text, requirements }, options) {
      const progress = progressReporter(options);
      const { signal } = options;
      // The same structure layer as the local engine: page furniture blanked (offsets kept), parties read from the preamble.
      const segmented = segmentText(text);
      const parties = detectParties(segmented.text);
      const chunks = chunkText(segmented.text, CONTRACT_CHUNK_CHARS);
      const batches = toBatches(requirements, config.batchSize);
      const total = chunks.length + batches.length;
      let done = 0;
      const step = () => {
        done += 1;
        progress(`Analyzing with AI batch ${Math.min(done + 1, total)}/${total}`, 5 + (85 * done) / total);
      };
      progress(`Analyzing with AI batch 1/${total}`, 5);

      const perChunk = await runWithConcurrency(
        chunks.map((chunk) => async () => {
          const answer = await complete(obligationsOutput, EXTRACTION_PROMPT, { contract_text: chunk.text }, signal);
          step();
          return answer.obligations.flatMap((o): Found[] => {
            const span = locateSpan(chunk.text, o.text);
            if (!span) return [];
            const start = chunk.start + span.start;
            const end = chunk.start + span.end;
            const structural = segmentAt(segmented, start);
            return [
              {
                clause: o.clause ?? structural?.clause ?? null,
                text: spanText(segmented.text, start, end),
                start,
                end,
                party: partyOf(roleOfSpan(segmented, start, end, parties, structural)),
                domain_number: o.domain_number,
                confidence: round(o.confidence),
              },
            ];
          });
        }),
        config.concurrency,
        signal,
      );
      const found = dedupeBySpan(perChunk.flat());

      const best = new Map<number, { key: string; score: number }>();
      if (found.length > 0 && batches.length > 0) {
        const listed = found.map((o, index) => ({ index, text: o.text, domain_number: o.domain_number }));
        const perBatch = await runWithConcurrency(
          batches.map((batch) => async () => {
            const answer = await complete(matchesOutput, MATCHING_PROMPT, { obligations: listed, requirements: requirementPayload(batch) }, signal);
            step();
            const keys = new Set(batch.map((r) => r.key));
            return answer.matches.filter((m) => m.requirement_key !== null && keys.has(m.requirement_key) && m.index < found.length);
          }),
          config.concurrency,
          signal,
        );
        for (const match of perBatch.flat()) {
          const current = best.get(match.index);
          if (match.requirement_key && (!current || match.score > current.score)) best.set(match.index, { key: match.requirement_key, score: match.score });
        }
      }
      progress('Matching requirements', 92);
      const obligations: Obligation[] = found.map((o, index) => {
        const match = best.get(index);
        const matched = match !== undefined && match.score >= MATCH_THRESHOLD;
        return { ...o, match: { requirement_key: matched ? match.key : null, score: round(match?.score ?? 0) } };
      });
      progress('Finalizing analysis', 100);
      return { ...provenance, obligations, parties: parties.names };
    },

    async analyzeEvidence({ text, fileName, requirements }, options) {
      const progress = progressReporter(options);
      const { signal } = options;
      const chunks = chunkText(text, EVIDENCE_CHUNK_CHARS);
      const batches = toBatches(requirements, config.batchSize);
      const pairs = chunks.flatMap((chunk) => (batches.length > 0 ? batches : [[]]).map((batch) => ({ chunk, batch })));
      let done = 0;
      progress(`Analyzing with AI batch 1/${pairs.length}`, 5);
      const answers = await runWithConcurrency(
        pairs.map(({ chunk, batch }) => async () => {
          const answer = await complete(evidenceOutput, EVIDENCE_PROMPT, { file_name: fileName, document_text: chunk.text, requirements: requirementPayload(batch) }, signal);
          done += 1;
          progress(`Analyzing with AI batch ${Math.min(done + 1, pairs.length)}/${pairs.length}`, 5 + (85 * done) / pairs.length);
          const keys = new Set(batch.map((r) => r.key));
          const links = answer.links.flatMap((link): EvidenceLink[] => {
            const span = keys.has(link.requirement_key) ? locateSpan(chunk.text, link.excerpt) : null;
            if (!span) return [];
            return [{ requirement_key: link.requirement_key, confidence: round(link.confidence), excerpt: chunk.text.slice(span.start, span.end) }];
          });
          return { type: answer.suggested_document_type, links };
        }),
        config.concurrency,
        signal,
      );
      progress('Matching requirements', 92);
      const byKey = new Map<string, EvidenceLink>();
      for (const link of answers.flatMap((a) => a.links)) {
        const current = byKey.get(link.requirement_key);
        if (link.confidence >= LINK_THRESHOLD && (!current || link.confidence > current.confidence)) byKey.set(link.requirement_key, link);
      }
      const links = [...byKey.values()].sort((a, b) => b.confidence - a.confidence || a.requirement_key.localeCompare(b.requirement_key)).slice(0, MAX_LINKS);
      progress('Finalizing analysis', 100);
      return { ...provenance, suggested_document_type: majorityType(answers.map((a) => a.type)), links };
    },

    async suggestResponse({ requirement, evidence }, options) {
      const progress = progressReporter(options);
      progress('Analyzing with AI batch 1/1', 10);
      const cited = evidence.map((e) => ({ ...e, name: citedName(e.name) }));
      const answer = await complete(responseOutput, RESPONSE_PROMPT, { requirement: { text: requirement.text }, evidence: cited }, options.signal);
      const names = [...new Set(cited.map((e) => e.name))];
      const named = names.length === 0 || names.some((name) => answer.text.includes(name));
      const text = named ? answer.text : `${answer.text.trim()}\n\nSupporting evidence: ${names.join('; ')}.`;
      progress('Finalizing analysis', 100);
      return { ...provenance, text };
    },

    async generatePolicy(input, options) {
      const content = await draftPolicy(input, options, (output, system, user, signal) => complete(output, system, user, signal));
      return { ...provenance, content };
    },

    async chat(input, options) {
      const answer = await runChat(client, model, input, options, config.maxRetries);
      return { ...provenance, ...answer };
    },
  };
}

/** Keeps one obligation per source span (chunks never overlap, but a model may repeat itself). */
function dedupeBySpan(found: readonly Found[]): Found[] {
  const seen = new Set<string>();
  return [...found]
    .sort((a, b) => a.start - b.start)
    .filter((o) => {
      const key = `${o.start}:${o.end}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

function majorityType(types: readonly DocumentType[]): DocumentType {
  const counts = new Map<DocumentType, number>();
  for (const type of types) counts.set(type, (counts.get(type) ?? 0) + 1);
  let best: DocumentType = types[0] ?? 'Other';
  for (const [type, count] of counts) if (count > (counts.get(best) ?? 0)) best = type;
  return best;
}

function segmentAt(segmented: SegmentedText, offset: number): Segment | undefined {
  return segmented.segments.find((s) => s.start <= offset && offset < s.end) ?? segmented.segments.find((s) => s.start >= offset);
}

/** Whose duty a span is, by the local rules: its subject before the modal verb, else its list lead-in's subject. */
function roleOfSpan(segmented: SegmentedText, start: number, end: number, parties: Parties, segment: Segment | undefined): PartyRole {
  const span = segmented.text.slice(start, end);
  const modal = findModal(span);
  if (modal) return subjectRole(span.slice(0, modal.index), parties, null);
  const lead = segment?.leadIn === null || segment === undefined ? undefined : segmented.segments[segment.leadIn];
  const leadModal = lead ? findModal(lead.text) : null;
  return lead && leadModal ? subjectRole(lead.text.slice(0, leadModal.index), parties, null) : 'none';
}
