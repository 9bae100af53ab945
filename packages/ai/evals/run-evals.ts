import { createAiEngine } from '../src/engine';
import {
  evaluateContracts,
  evaluateEvidence,
  loadContracts,
  loadEvidence,
  runExtraction,
  scoreObligations,
  type EvidenceScores,
  type ObligationScores,
} from './evaluate';
import { docxContract, pageContract, wrapContract } from './variants';

/**
 * Measures the local engine on the labelled fixtures and compares it with the naive rule
 * 'every sentence (or list item) containing shall, must or will is an obligation', whose domain is
 * either the most frequent gold domain (majority baseline) or a vote of the catalog keywords found in
 * the sentence (keyword baseline, falling back to the majority domain).
 */
const pct = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(1)}%`);

function row(name: string, s: ObligationScores): string {
  return `| ${name} | ${s.gold} | ${s.predicted} | ${s.truePositives} | ${pct(s.precision)} | ${pct(s.recall)} | ${pct(s.f1)} | ${pct(s.domainAccuracy)} |`;
}

async function main(): Promise<void> {
  const engine = createAiEngine({ provider: 'local' });
  const contracts = loadContracts();
  const runs = await runExtraction(engine, contracts);
  const splits = (['dev', 'holdout', 'blind', 'all'] as const).filter((split) => split === 'all' || contracts.some((c) => c.split === split));

  console.log(`Engine: ${engine.provider} / ${engine.model}`);
  console.log(`Contracts: ${contracts.length} (${contracts.map((c) => `${c.name} [${c.split}]`).join(', ')})\n`);
  console.log('## Contract obligations\n');
  for (const split of splits) {
    const e = evaluateContracts(runs, split, contracts);
    console.log(`### ${split}\n`);
    console.log('| Engine | gold | predicted | correct | precision | recall | F1 | domain accuracy |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    console.log(row('local', e.local));
    console.log(row(`baseline: shall/must/will + majority domain (${e.majorityDomain})`, e.baselineMajority));
    console.log(row('baseline: shall/must/will + catalog keyword vote', e.baselineKeywordVote));
    const l = e.local;
    console.log(
      `\nlocal: clause reference correct ${pct(l.clauseAccuracy)}; linked to a catalog requirement ${pct(l.matchedRate)} ` +
        `(of those, in the gold domain ${pct(l.requirementDomainAgreement)})` +
        (l.matchLabelled > 0
          ? `; on ${l.matchLabelled} obligations labelled with acceptable requirements: match precision ${pct(l.matchPrecision)}, ` +
            `recall ${pct(l.matchRecall)}, accuracy ${pct(l.matchAccuracy)}`
          : '') +
        (l.partyAccuracy === null ? '' : `; party right ${pct(l.partyAccuracy)}`) +
        '\n',
    );
  }

  console.log('### by genre (all splits)\n');
  console.log('| Genre | contracts | gold | precision | recall | domain accuracy | baseline recall |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const genre of [...new Set(contracts.map((c) => c.genre))].sort()) {
    const selected = runs.filter((r) => r.contract.genre === genre);
    const s = scoreObligations(selected);
    const base = evaluateContracts(selected, 'all', contracts).baselineKeywordVote;
    console.log(`| ${genre} | ${selected.length} | ${s.gold} | ${pct(s.precision)} | ${pct(s.recall)} | ${pct(s.domainAccuracy)} | ${pct(base.recall)} |`);
  }
  console.log('');

  const paged = await runExtraction(
    engine,
    contracts.map((c) => pageContract(c)),
  );
  console.log('### all, as a paged PDF (running header, footer and page number every 28 lines, cutting long clauses)\n');
  console.log('| Engine | gold | predicted | correct | precision | recall | F1 | domain accuracy |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  const pagedScores = scoreObligations(paged);
  console.log(`${row('local', pagedScores)}\n\nclause reference correct ${pct(pagedScores.clauseAccuracy)}\n`);

  const word = await runExtraction(engine, await Promise.all(contracts.map((c) => docxContract(c))));
  console.log('### all, as Word files (paragraphs, Word tables) read back by the product\'s extractor\n');
  console.log('| Engine | gold | predicted | correct | precision | recall | F1 | domain accuracy |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  console.log(`${row('local', scoreObligations(word))}\n`);

  const wrapped = await runExtraction(
    engine,
    contracts.map((c) => wrapContract(c, 80)),
  );
  console.log('### all, as PDF-extracted text (every line wrapped at 80 columns)\n');
  console.log('| Engine | gold | predicted | correct | precision | recall | F1 | domain accuracy |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  console.log(`${row('local', scoreObligations(wrapped))}\n`);

  const documents = loadEvidence();
  const evidence = await evaluateEvidence(engine, documents);
  console.log('## Evidence documents\n');
  console.log('| Document | type (expected → suggested) | domains (expected → top) | links | key requirements linked |');
  console.log('|---|---|---|---:|---:|');
  for (const r of evidence.rows) {
    const typeMark = r.expectedType === r.suggestedType ? '' : ' ✗';
    const domainMark = r.topDomain !== null && r.expectedDomains.includes(r.topDomain) ? '' : ' ✗';
    console.log(
      `| ${r.file} | ${r.expectedType} → ${r.suggestedType}${typeMark} | ${r.expectedDomains.join(', ')} → ${r.topDomain ?? '–'}${domainMark} | ${r.links} | ${r.keyLinked}/${r.keyTotal} |`,
    );
  }
  const bySplit = (split: string): EvidenceScores => summarise(evidence.rows.filter((r) => documents.find((d) => d.file === r.file)?.split === split));
  const columns = (
    [
      ['dev', bySplit('dev')],
      ['holdout', bySplit('holdout')],
      ['blind', bySplit('blind')],
      ['all', evidence],
    ] as Array<[string, EvidenceScores]>
  ).filter(([, scores]) => scores.documents > 0);
  console.log(`\n| Evidence metric | ${columns.map(([name]) => name).join(' | ')} |\n|---|${columns.map(() => '---:').join('|')}|`);
  const line = (label: string, pick: (s: EvidenceScores) => string) => console.log(`| ${label} | ${columns.map(([, s]) => pick(s)).join(' | ')} |`);
  line('documents', (s) => String(s.documents));
  line('document-type accuracy', (s) => pct(s.typeAccuracy));
  line('domain accuracy (top linked domain)', (s) => pct(s.domainAccuracy));
  line('key requirements linked (recall)', (s) => (s.rows.some((r) => r.keyTotal > 0) ? pct(s.keyLinkRecall) : '–'));
  line('links inside the labelled domains', (s) => pct(s.linkDomainPrecision));
  line('links per document', (s) => s.meanLinks.toFixed(1));
}

function summarise(rows: EvidenceScores['rows']): EvidenceScores {
  const n = rows.length || 1;
  const sum = (pick: (r: EvidenceScores['rows'][number]) => number) => rows.reduce((total, r) => total + pick(r), 0);
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

await main();
