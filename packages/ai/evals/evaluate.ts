import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogRequirements } from '@compliance/catalog/catalog';
import type { AiEngine, RequirementCandidate } from '../src/engine';
import { segmentText } from '../src/local/segmenter';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** A labelled obligation; `requirement_keys` (where labelled) lists the acceptable catalog matches, empty when none fits. */
export type GoldObligation = {
  clause: string | null;
  text: string;
  domain_number: number;
  requirement_keys?: string[];
  /** Whose duty it is (labelled on the newer fixtures). */
  party?: 'provider' | 'customer' | 'both';
  /** Explicit span, for variants whose text no longer contains the span verbatim (page breaks inside it). */
  start?: number;
  end?: number;
};
/** dev: fitted on; holdout: written after a freeze, since looked at; blind: written after the last freeze, scored once. */
export type Split = 'dev' | 'holdout' | 'blind';
export type ContractFixture = {
  name: string;
  split: Split;
  genre: string;
  parties: { provider: string; customer: string } | null;
  text: string;
  gold: GoldObligation[];
};
export type EvidenceFixture = {
  file: string;
  fileName: string;
  text: string;
  document_type: string;
  domains: number[];
  key_requirements: string[];
  split: Split;
};
export type PredictedObligation = {
  text: string;
  domain_number: number;
  clause?: string | null;
  requirement_key?: string | null;
  start?: number;
  end?: number;
  party?: 'provider' | 'customer' | 'both';
};

export const CATALOG: readonly RequirementCandidate[] = catalogRequirements.map((r) => ({
  key: r.key,
  text: r.text,
  keywords: r.keywords,
  domain_number: r.domain_number,
}));

const domainOfKey = new Map(catalogRequirements.map((r) => [r.key, r.domain_number]));

export function loadContracts(): ContractFixture[] {
  const dir = join(FIXTURES, 'contracts');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.gold.json'))
    .sort()
    .map((goldFile) => {
      const gold = JSON.parse(readFileSync(join(dir, goldFile), 'utf8')) as {
        contract: string;
        split: Split;
        genre?: string;
        parties?: { provider: string; customer: string };
        obligations: GoldObligation[];
      };
      const text = readFileSync(join(dir, gold.contract), 'utf8');
      for (const o of gold.obligations) {
        if (!text.includes(o.text)) throw new Error(`${gold.contract}: gold span not found: ${o.text.slice(0, 60)}`);
        for (const key of o.requirement_keys ?? []) if (!domainOfKey.has(key)) throw new Error(`${gold.contract}: unknown catalog key ${key}`);
      }
      return {
        name: gold.contract.replace(/\.txt$/, ''),
        split: gold.split,
        genre: gold.genre ?? 'unlabelled',
        parties: gold.parties ?? null,
        text,
        gold: gold.obligations,
      };
    });
}

export function loadEvidence(): EvidenceFixture[] {
  const labels = JSON.parse(readFileSync(join(FIXTURES, 'evidence-labels.json'), 'utf8')) as {
    documents: Array<Omit<EvidenceFixture, 'text'>>;
  };
  return labels.documents.map((d) => ({ ...d, text: readFileSync(join(FIXTURES, 'evidence', d.file), 'utf8') }));
}

export type ObligationScores = {
  gold: number;
  predicted: number;
  truePositives: number;
  precision: number;
  recall: number;
  f1: number;
  /** Share of matched obligations whose domain equals the gold domain. */
  domainAccuracy: number;
  /** Share of matched obligations whose clause reference equals the gold clause. */
  clauseAccuracy: number;
  /** On matched obligations labelled with a party: share whose party is right. */
  partyAccuracy: number | null;
  /** Share of found obligations linked to a catalog requirement (the rest become tenant requirements); engines only. */
  matchedRate: number | null;
  /** Among those linked, the share whose catalog requirement is in the gold domain: a proxy for match precision. */
  requirementDomainAgreement: number | null;
  /** On obligations labelled with acceptable requirement keys: share of linked keys that are acceptable. */
  matchPrecision: number | null;
  /** On those labelled with at least one acceptable key: share linked to one of them. */
  matchRecall: number | null;
  /** On labelled obligations: share with an acceptable key, or no key where none fits. */
  matchAccuracy: number | null;
  matchLabelled: number;
};

type Span = { start: number; end: number };

export function spanOf(text: string, piece: string, from = 0): Span | null {
  const start = text.indexOf(piece, from);
  return start < 0 ? null : { start, end: start + piece.length };
}

/**
 * Pairs predictions with gold obligations one to one: a pair counts when the character overlap covers at
 * least half of the gold span and half of the predicted span (greedy by overlap).
 */
export function pairObligations(text: string, gold: readonly GoldObligation[], predicted: readonly PredictedObligation[]): Array<[number, number]> {
  const goldSpans = gold.map((g) => (g.start !== undefined && g.end !== undefined ? { start: g.start, end: g.end } : spanOf(text, g.text)));
  const predictedSpans = predicted.map((p) => (p.start !== undefined && p.end !== undefined ? { start: p.start, end: p.end } : spanOf(text, p.text)));
  const candidates: Array<{ g: number; p: number; overlap: number }> = [];
  goldSpans.forEach((gs, g) => {
    predictedSpans.forEach((ps, p) => {
      if (!gs || !ps) return;
      const overlap = Math.min(gs.end, ps.end) - Math.max(gs.start, ps.start);
      if (overlap >= 0.5 * (gs.end - gs.start) && overlap >= 0.5 * (ps.end - ps.start)) candidates.push({ g, p, overlap });
    });
  });
  candidates.sort((a, b) => b.overlap - a.overlap || a.g - b.g || a.p - b.p);
  const usedGold = new Set<number>();
  const usedPredicted = new Set<number>();
  const pairs: Array<[number, number]> = [];
  for (const c of candidates) {
    if (usedGold.has(c.g) || usedPredicted.has(c.p)) continue;
    usedGold.add(c.g);
    usedPredicted.add(c.p);
    pairs.push([c.g, c.p]);
  }
  return pairs;
}

export function scoreObligations(results: ReadonlyArray<{ contract: ContractFixture; predicted: readonly PredictedObligation[] }>): ObligationScores {
  let gold = 0;
  let predicted = 0;
  let tp = 0;
  let domainCorrect = 0;
  let clauseCorrect = 0;
  let partyLabelled = 0;
  let partyCorrect = 0;
  let matchable = 0;
  let labelled = 0;
  let labelledWithKey = 0;
  let correctNull = 0;
  let linkedKeys = 0;
  let correctKey = 0;
  let withRequirement = 0;
  let requirementAgrees = 0;
  for (const { contract, predicted: preds } of results) {
    gold += contract.gold.length;
    predicted += preds.length;
    for (const [g, p] of pairObligations(contract.text, contract.gold, preds)) {
      const goldItem = contract.gold[g];
      const pred = preds[p];
      if (!goldItem || !pred) continue;
      tp += 1;
      if (goldItem.domain_number === pred.domain_number) domainCorrect += 1;
      if ((goldItem.clause ?? null) === (pred.clause ?? null)) clauseCorrect += 1;
      if (goldItem.party && pred.party) {
        partyLabelled += 1;
        if (goldItem.party === pred.party) partyCorrect += 1;
      }
      if (pred.requirement_key !== undefined) matchable += 1;
      if (pred.requirement_key !== undefined && goldItem.requirement_keys) {
        const acceptable = goldItem.requirement_keys;
        labelled += 1;
        if (acceptable.length > 0) labelledWithKey += 1;
        if (pred.requirement_key === null) {
          if (acceptable.length === 0) correctNull += 1;
        } else {
          linkedKeys += 1;
          if (acceptable.includes(pred.requirement_key)) correctKey += 1;
        }
      }
      if (pred.requirement_key) {
        withRequirement += 1;
        if (domainOfKey.get(pred.requirement_key) === goldItem.domain_number) requirementAgrees += 1;
      }
    }
  }
  const precision = predicted ? tp / predicted : 0;
  const recall = gold ? tp / gold : 0;
  return {
    gold,
    predicted,
    truePositives: tp,
    precision,
    recall,
    f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0,
    domainAccuracy: tp ? domainCorrect / tp : 0,
    clauseAccuracy: tp ? clauseCorrect / tp : 0,
    partyAccuracy: partyLabelled ? partyCorrect / partyLabelled : null,
    matchedRate: matchable ? withRequirement / matchable : null,
    requirementDomainAgreement: withRequirement ? requirementAgrees / withRequirement : null,
    matchPrecision: linkedKeys ? correctKey / linkedKeys : null,
    matchRecall: labelledWithKey ? correctKey / labelledWithKey : null,
    matchAccuracy: labelled ? (correctKey + correctNull) / labelled : null,
    matchLabelled: labelled,
  };
}

const NAIVE_MODAL = /\b(shall|must|will)\b/i;

/** The naive baseline's obligations: every sentence or list item containing shall, must or will. */
export function naiveObligations(text: string, domainOf: (sentence: string) => number): PredictedObligation[] {
  return segmentText(text)
    .segments.filter((s) => s.kind !== 'heading' && NAIVE_MODAL.test(s.text))
    .map((s) => ({ text: s.text, start: s.start, end: s.end, domain_number: domainOf(s.text), clause: s.clause }));
}

/** The most frequent gold domain over all fixtures (the majority-class baseline). */
export function mostFrequentDomain(contracts: readonly ContractFixture[]): number {
  const counts = new Map<number, number>();
  for (const c of contracts) for (const o of c.gold) counts.set(o.domain_number, (counts.get(o.domain_number) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 1;
}

/** Keyword-vote baseline domain: the domain whose catalog keywords occur most often in the sentence, else the fallback. */
export function keywordVoteDomain(fallback: number): (sentence: string) => number {
  const keywords = catalogRequirements.flatMap((r) => r.keywords.map((k) => ({ k: k.toLowerCase(), d: r.domain_number })));
  return (sentence) => {
    const lower = sentence.toLowerCase();
    const votes = new Map<number, number>();
    for (const { k, d } of keywords) if (lower.includes(k)) votes.set(d, (votes.get(d) ?? 0) + 1);
    return [...votes.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? fallback;
  };
}

export type EvidenceScores = {
  documents: number;
  typeAccuracy: number;
  /** Share of documents whose top domain (by summed link confidence) is one of their labelled domains. */
  domainAccuracy: number;
  /** Share of the labelled key requirements that were linked. */
  keyLinkRecall: number;
  /** Share of links whose requirement lies in one of the document's labelled domains (a lower bound on link precision). */
  linkDomainPrecision: number;
  meanLinks: number;
  rows: EvidenceRow[];
};
export type EvidenceRow = {
  file: string;
  expectedType: string;
  suggestedType: string;
  expectedDomains: number[];
  topDomain: number | null;
  links: number;
  keyLinked: number;
  keyTotal: number;
  linksInDomain: number;
};

/** Runs evidence analysis on every labelled document against the whole catalog. */
export async function evaluateEvidence(engine: AiEngine, documents: readonly EvidenceFixture[]): Promise<EvidenceScores> {
  const rows: EvidenceRow[] = [];
  for (const doc of documents) {
    const result = await engine.analyzeEvidence({ text: doc.text, fileName: doc.fileName, requirements: CATALOG }, { signal: new AbortController().signal });
    const byDomain = new Map<number, number>();
    for (const link of result.links) {
      const domain = domainOfKey.get(link.requirement_key);
      if (domain) byDomain.set(domain, (byDomain.get(domain) ?? 0) + link.confidence);
    }
    const topDomain = [...byDomain.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? null;
    const linked = new Set(result.links.map((l) => l.requirement_key));
    rows.push({
      file: doc.file,
      expectedType: doc.document_type,
      suggestedType: result.suggested_document_type,
      expectedDomains: doc.domains,
      topDomain,
      links: result.links.length,
      keyLinked: doc.key_requirements.filter((k) => linked.has(k)).length,
      keyTotal: doc.key_requirements.length,
      linksInDomain: result.links.filter((l) => doc.domains.includes(domainOfKey.get(l.requirement_key) ?? 0)).length,
    });
  }
  const n = rows.length || 1;
  const sum = (pick: (r: EvidenceRow) => number) => rows.reduce((total, r) => total + pick(r), 0);
  return {
    documents: rows.length,
    typeAccuracy: rows.filter((r) => r.expectedType === r.suggestedType).length / n,
    domainAccuracy: rows.filter((r) => r.topDomain !== null && r.expectedDomains.includes(r.topDomain)).length / n,
    keyLinkRecall: sum((r) => r.keyLinked) / (sum((r) => r.keyTotal) || 1),
    linkDomainPrecision: sum((r) => r.linksInDomain) / (sum((r) => r.links) || 1),
    meanLinks: sum((r) => r.links) / n,
    rows,
  };
}

export type ContractEvaluation = {
  split: string;
  local: ObligationScores;
  baselineMajority: ObligationScores;
  baselineKeywordVote: ObligationScores;
  majorityDomain: number;
};

export type ExtractionRun = { contract: ContractFixture; predicted: PredictedObligation[] };

/** Runs the engine over every contract once; scores are then computed per split. */
export async function runExtraction(engine: AiEngine, contracts: readonly ContractFixture[]): Promise<ExtractionRun[]> {
  const runs: ExtractionRun[] = [];
  for (const contract of contracts) {
    const result = await engine.extractObligations({ text: contract.text, requirements: CATALOG }, { signal: new AbortController().signal });
    runs.push({
      contract,
      predicted: result.obligations.map((o) => ({
        text: o.text,
        start: o.start,
        end: o.end,
        party: o.party,
        domain_number: o.domain_number,
        clause: o.clause,
        requirement_key: o.match.requirement_key,
      })),
    });
  }
  return runs;
}

export function evaluateContracts(runs: readonly ExtractionRun[], split: Split | 'all', allContracts: readonly ContractFixture[]): ContractEvaluation {
  const selected = runs.filter((r) => split === 'all' || r.contract.split === split);
  const majorityDomain = mostFrequentDomain(allContracts);
  const vote = keywordVoteDomain(majorityDomain);
  return {
    split,
    local: scoreObligations(selected),
    baselineMajority: scoreObligations(selected.map((r) => ({ contract: r.contract, predicted: naiveObligations(r.contract.text, () => majorityDomain) }))),
    baselineKeywordVote: scoreObligations(selected.map((r) => ({ contract: r.contract, predicted: naiveObligations(r.contract.text, vote) }))),
    majorityDomain,
  };
}
