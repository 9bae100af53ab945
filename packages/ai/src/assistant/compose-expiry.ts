import type { AnswerWriter } from './answer-writer';
import { bulleted, documentLink, escapeMarkdown, plural } from './format';
import type { QueryPlan } from './question/plan';
import type { EvidenceSummary } from './tools';

/** Answers about evidence that expires: what has expired (no longer support) and what expires soon. */

type EvidenceRow = EvidenceSummary['documents'][number];
type Window = { days: number; label: string };

const DAY_MS = 86_400_000;
const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 30, year: 365 };

/** The window a question asks about: 'next 60 days', 'this year', 'this quarter'; 30 days otherwise ('soon'). */
export function expiryWindow(question: string, today: string): Window {
  const q = question.toLowerCase();
  const next = /\b(?:next|coming|within(?: the next)?|in the next)\s+(\d{1,3}|a|one|two|three|six)\s+(day|week|month|year)s?\b/.exec(q);
  if (next) {
    const words: Record<string, number> = { a: 1, one: 1, two: 2, three: 3, six: 6 };
    const n = words[next[1]!] ?? Number(next[1]);
    const days = Math.min(365, n * UNIT_DAYS[next[2]!]!);
    return { days, label: `in the next ${plural(n, next[2]!)}` };
  }
  if (/\b(?:this|the) (?:calendar )?year\b|\byear[- ]end\b|\bend of (?:the )?year\b/.test(q)) {
    const end = `${today.slice(0, 4)}-12-31`;
    return { days: Math.max(0, Math.round((Date.parse(end) - Date.parse(today)) / DAY_MS)), label: `by the end of ${today.slice(0, 4)}` };
  }
  if (/\b(?:this|next) month\b/.test(q)) return { days: 30, label: 'in the next 30 days' };
  if (/\b(?:this|next) quarter\b|\bquarter[- ]end\b/.test(q)) return { days: 90, label: 'in the next 90 days' };
  return { days: 30, label: 'in the next 30 days' };
}

function daysUntil(date: string, today: string): number {
  return Math.round((Date.parse(date) - Date.parse(today)) / DAY_MS);
}

/** The documents the question is about: one named, those of a type, or all held. */
function documentsAsked(documents: EvidenceRow[], plan: QueryPlan): { rows: EvidenceRow[]; what: string } {
  const f = plan.filters;
  if (f.evidence) {
    const wanted = f.evidence.toLowerCase();
    const named = documents.filter((d) => d.name.toLowerCase() === wanted);
    const rows = named.length ? named : documents.filter((d) => d.name.toLowerCase().includes(wanted) || wanted.includes(d.name.toLowerCase()));
    if (rows.length) return { rows, what: rows.length === 1 ? escapeMarkdown(rows[0]!.name) : `the documents named like "${escapeMarkdown(f.evidence)}"` };
  }
  if (f.evidence_type) {
    const type = f.evidence_type.toLowerCase();
    const rows = documents.filter((d) => d.document_type.toLowerCase() === type);
    return { rows, what: `the ${plural(rows.length, `${f.evidence_type} document`)}` };
  }
  return { rows: documents, what: `the ${plural(documents.length, 'evidence document')}` };
}

const item = (d: EvidenceRow, text: string) => `${documentLink('evidence', d.name)} (${d.document_type}): ${text}`;

export async function composeExpiry(writer: AnswerWriter, plan: QueryPlan, question: string): Promise<void> {
  const evidence = await writer.call('list_evidence', {});
  if (!evidence.total) {
    writer.line(`${writer.tenant} has no evidence documents yet, so there is no expiry date to check: nothing has expired or expires.`);
    return;
  }
  const today = evidence.today ?? new Date().toISOString().slice(0, 10);
  const asked = documentsAsked(evidence.documents, plan);
  // None of the kind asked about is held: answer for all the evidence instead, and say so.
  const { rows, what } = asked.rows.length ? asked : { rows: evidence.documents, what: `the ${plural(evidence.documents.length, 'evidence document')}` };
  if (!asked.rows.length) {
    writer.line(`${writer.tenant} holds none of ${asked.what}; for all its evidence:`);
    writer.line();
  }
  const dated = rows.filter((d) => d.expires_on);
  const undated = rows.length - dated.length;
  if (rows.length === 1) {
    const d = rows[0]!;
    if (!d.expires_on) writer.line(`**${documentLink('evidence', d.name)}** has no expiry date set, so it does not expire in this product and counts as support until it is replaced. An editor can set one in the Evidence Library.`);
    else if (d.expired) writer.line(`**${documentLink('evidence', d.name)}** expired on **${d.expires_on}**: it no longer counts as support for the ${plural(d.requirement_count, 'requirement')} it was linked to. Upload a new version in the Evidence Library.`);
    else writer.line(`**${documentLink('evidence', d.name)}** expires on **${d.expires_on}** (in ${plural(daysUntil(d.expires_on, today), 'day')}); until then it supports ${plural(d.requirement_count, 'requirement')}.`);
    return;
  }
  if (!dated.length) {
    writer.line(`**None.** ${what[0]!.toUpperCase()}${what.slice(1)} held by ${writer.tenant} have no expiry date set, so none has expired or is about to. An editor can set an expiry date on each in the Evidence Library.`);
    return;
  }
  const window = expiryWindow(question, today);
  const expired = dated.filter((d) => d.expired).sort((a, b) => a.expires_on!.localeCompare(b.expires_on!));
  const expiring = dated.filter((d) => !d.expired && daysUntil(d.expires_on!, today) <= window.days).sort((a, b) => a.expires_on!.localeCompare(b.expires_on!));
  if (!expired.length && !expiring.length) {
    const next = dated.filter((d) => !d.expired).sort((a, b) => a.expires_on!.localeCompare(b.expires_on!))[0];
    writer.line(`**No.** None of ${what} has expired, and none expires ${window.label}${next ? `; the next to expire is ${documentLink('evidence', next.name)} on ${next.expires_on}` : ''}.`);
  } else {
    if (expired.length) {
      writer.line(`**${plural(expired.length, 'evidence document')} expired** and no longer ${expired.length === 1 ? 'counts' : 'count'} as support:`);
      writer.list(bulleted(expired.map((d) => item(d, `expired on ${d.expires_on}`))));
    } else {
      writer.line(`**None has expired** of ${what}.`);
    }
    writer.line();
    if (expiring.length) {
      writer.line(`**${plural(expiring.length, 'evidence document')} ${expiring.length === 1 ? 'expires' : 'expire'} ${window.label}** (today is ${today}):`);
      writer.list(bulleted(expiring.map((d) => item(d, `expires on ${d.expires_on} (in ${plural(daysUntil(d.expires_on!, today), 'day')}), supports ${plural(d.requirement_count, 'requirement')}`))));
    } else {
      writer.line(`None expires ${window.label}.`);
    }
  }
  if (undated) {
    writer.line();
    writer.line(`${plural(undated, 'other document')} ${undated === 1 ? 'has' : 'have'} no expiry date set.`);
  }
}
