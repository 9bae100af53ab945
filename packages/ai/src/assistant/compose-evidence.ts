import { getDomain } from '@compliance/catalog/domains';
import type { AnswerWriter } from './answer-writer';
import { bulleted, documentLink, escapeMarkdown, plural, requirementItem, requirementLink, truncate } from './format';
import { spellOut } from '../abbreviations';
import type { QueryPlan } from './question/plan';
import { searchStem } from './vocabulary';

/** Answers about the tenant's evidence: what is held, what a document covers, and what documents say. */

export async function composeEvidence(writer: AnswerWriter, plan: QueryPlan): Promise<void> {
  const f = plan.filters;
  const filtered = f.evidence_type || f.domain || f.requirement_ids?.length || f.evidence;
  if (plan.ask === 'check' && !f.evidence && !f.evidence_type && !f.requirement_ids?.length && nouns(f.topic).length) return composeNamedArtefact(writer, plan, nouns(f.topic));
  if (!filtered) return composeEvidenceHeld(writer);
  if (f.evidence_type && f.framework && !f.framework.canonical) return composeNamedArtefact(writer, plan, [f.framework.name.toLowerCase()]);
  const found = await writer.call('search_evidence', {
    ...(f.evidence ? { name: f.evidence } : {}),
    ...(f.evidence_type ? { document_type: f.evidence_type } : {}),
    ...(f.domain ? { domain_number: f.domain } : {}),
    ...(f.requirement_ids?.[0] ? { requirement_id: f.requirement_ids[0] } : {}),
  });
  const what = [
    f.evidence_type ? `of type ${f.evidence_type}` : '',
    f.domain ? `supporting ${getDomain(f.domain)?.name} requirements` : '',
    f.requirement_ids?.[0] ? `linked to ${requirementLink(f.requirement_ids[0])}` : '',
    f.evidence ? `named like "${escapeMarkdown(f.evidence)}"` : '',
  ].filter(Boolean);
  if (!found.total) {
    const held = await writer.call('list_evidence', {});
    writer.line(`**No.** ${writer.tenant} holds no evidence document ${what.join(', ')}${f.evidence_type ? ': none has been uploaded' : ''}.`);
    writer.line();
    writer.line(held.total ? `What it does hold (${plural(held.total, 'document')}): ${held.by_type.map((t) => `${t.count} ${t.document_type}`).join(', ')}. Upload it in the Evidence Library if you have it.` : `${writer.tenant} has no evidence documents yet.`);
    return;
  }
  writer.line(`${plan.ask === 'check' ? '**Yes.** ' : ''}**${plural(found.total, 'evidence document')}** ${what.join(', ')}:`);
  writer.line();
  writer.list(
    bulleted(
      found.documents.slice(0, 15).map((d) => {
        const ids = d.requirement_ids.slice(0, 6).map((id) => requirementLink(id, id));
        return `${documentLink('evidence', d.name)} (${d.document_type}, uploaded ${d.upload_date.slice(0, 10)})${ids.length ? ` supports ${ids.join(', ')}${d.requirement_ids.length > 6 ? ', …' : ''}` : ': not linked to any requirement yet'}`;
      }),
    ),
  );
}

const GENERIC = new Set('evidence document documents doc docs file files uploaded upload anywhere copy copies current latest any some our the a an of we have has held hold kept attached library got there'.split(' '));

/** The words of a thing asked for by name ('a network diagram' → network, diagram). */
function nouns(topic: string | undefined): string[] {
  return (topic ?? '').split(' ').filter((w) => w.length > 2 && !GENERIC.has(w));
}

/** 'Do we have a network diagram?': yes only when a document's name says so; otherwise no, and what is related. */
async function composeNamedArtefact(writer: AnswerWriter, plan: QueryPlan, words: string[]): Promise<void> {
  const held = await writer.call('list_evidence', {});
  const named = held.documents.filter((d) => words.every((w) => d.name.toLowerCase().includes(searchStem(w))));
  const asked = escapeMarkdown(plan.filters.topic ?? words.join(' '));
  if (named.length) {
    writer.line(`**Yes.** ${writer.tenant} holds ${plural(named.length, 'document')} named like "${asked}":`);
    writer.list(bulleted(named.map((d) => `${documentLink('evidence', d.name)} (${d.document_type}, uploaded ${d.upload_date.slice(0, 10)})`)));
    return;
  }
  writer.line(`**No.** ${writer.tenant} holds no evidence document named like "${asked}".`);
  if (plan.filters.domain) {
    const related = await writer.call('search_evidence', { domain_number: plan.filters.domain });
    if (related.total) {
      writer.line();
      writer.line(`Related documents supporting ${getDomain(plan.filters.domain)?.name} requirements:`);
      writer.list(bulleted(related.documents.slice(0, 8).map((d) => `${documentLink('evidence', d.name)} (${d.document_type})`)));
    }
  }
}

async function composeEvidenceHeld(writer: AnswerWriter): Promise<void> {
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
        return `**${type.document_type}** (${type.count}): ${documents.map((d) => `${documentLink('evidence', d.name)} (supports ${plural(d.requirement_count, 'requirement')})`).join(', ')}`;
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
    writer.line(`I found no evidence document called "${escapeMarkdown(name)}" in ${writer.tenant}.`);
    if (evidence.documents.length) {
      writer.line();
      writer.line('Evidence documents held:');
      writer.list(bulleted(evidence.documents.map((d) => `${documentLink('evidence', d.name)} (${d.document_type})`)));
    } else {
      writer.line(`${writer.tenant} has no evidence documents yet.`);
    }
    return;
  }
  if (!coverage.requirements.length) {
    writer.line(`**${documentLink('evidence', coverage.name)}** (${coverage.document_type}) is not linked to any requirement yet. Link it from the requirement's evidence list, or re-run its analysis.`);
    return;
  }
  writer.line(`**${documentLink('evidence', coverage.name)}** (${coverage.document_type}) supports ${plural(coverage.requirements.length, 'requirement')}:`);
  writer.line();
  writer.list(bulleted(coverage.requirements.map((r) => requirementItem(r, { showDomain: true }))));
}

/** The one document of a type ('the last pen test' when a single penetration test report is held). */
async function onlyDocumentOfType(writer: AnswerWriter, type: string | undefined): Promise<string | undefined> {
  if (!type) return undefined;
  const found = await writer.call('search_evidence', { document_type: type });
  return found.total === 1 ? found.documents[0]!.name : undefined;
}

/** Words that tend to stand beside the answer to a who/when/how-long question ('Tester:', 'Date:'). */
function answerWords(question: string): string {
  const q = question.toLowerCase();
  const words: string[] = [];
  if (/^who\b|\bwho (?:did|performed|ran|conducted|carried)\b/.test(q)) words.push('by performed conducted tester auditor prepared author');
  if (/^when\b|\bwhat date\b/.test(q)) words.push('date dated held on');
  if (/\bhow (?:long|fast|quickly|soon)\b|\b(?:deadline|time limit|by when|window)\b/.test(q)) words.push('hours minutes days duration within');
  if (/\b(?:expir\w*|valid (?:until|through|to)|renew\w*)\b/.test(q)) words.push('expiry expires valid until date');
  if (/\bwhat (?:caused|causes|led to)\b|\broot cause\b|\bwhy did\b/.test(q)) words.push('root cause caused because due');
  return words.join(' ');
}

/** Words of a question that say what is asked, not what about ('how many', 'show', 'happen'). */
const QUESTION_WORDS = new Set('how many much what which when who where why was were did does do is are the a an in on of to for from our we us show shows say says happen happened give list tell find'.split(' '));

/**
 * Within one document the words of its name tell no passage apart ('the last rule in the edge firewall
 * export'): they are left out when at least two other words remain to rank the passages by.
 */
function withoutNameWords(query: string, document: string): string {
  const named = new Set(spellOut(document).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  const kept = (query.toLowerCase().match(/[\p{L}\p{N}-]+/gu) ?? []).filter((w) => !named.has(w));
  return kept.filter((w) => !QUESTION_WORDS.has(w) && w.length > 1).length >= 2 ? kept.join(' ') : query;
}

/** A question of its own ('and what law governs it?'), not the one before asked of another document ('and in the Banksia agreement?'). */
function asksItsOwn(question: string): boolean {
  return /\b(?:what|which|who|when|where|why|how)\b/i.test(question);
}

/** Quotes the passages of the tenant's documents that answer the question. */
export async function composePassages(writer: AnswerWriter, plan: QueryPlan, question: string): Promise<void> {
  const f = plan.filters;
  // A follow-up ('and in the Bellhaven BAA?') keeps the topic of the question before it.
  const document = f.evidence ?? f.contract ?? (await onlyDocumentOfType(writer, f.evidence_type));
  const asked = spellOut([question, plan.follow_up ? (f.topic ?? '') : ''].filter(Boolean).join(' '));
  const query = [document ? withoutNameWords(asked, document) : asked, answerWords(plan.follow_up && !asksItsOwn(question) ? `${asked} ${plan.asked_before ?? ''}` : asked), f.domain ? getDomain(f.domain)?.name : ''].filter(Boolean).join(' ');
  let { passages } = await writer.call('search_passages', { query, ...(document ? { document } : {}), limit: 3 });
  // A fact asked of the document quoted before, which its text does not hold: the question of its own.
  if (!passages.length && plan.kept_document && document) ({ passages } = await writer.call('search_passages', { query, limit: 3 }));
  if (!passages.length) {
    writer.line(`I found nothing that answers "${escapeMarkdown(question)}" in the text of ${writer.tenantPossessive} documents${f.evidence ? ` (${escapeMarkdown(f.evidence)})` : ''}, so I cannot say. Upload the report or record that shows it in the Evidence Library.`);
    return;
  }
  writer.line(`From ${writer.tenantPossessive} documents, the passages that best answer "${escapeMarkdown(question)}":`);
  writer.line();
  for (const p of passages) {
    writer.line(`**${documentLink(p.kind, p.document)}**:`);
    writer.line(`> ${escapeMarkdown(truncate(p.text, 600))}`);
    writer.line();
  }
  writer.line('These are quotations from the stored documents; read them in full before relying on them.');
}
