import type { AnswerWriter } from './answer-writer';
import { describeFilters, searchArgs } from './compose-requirements';
import { bulleted, escapeMarkdown, plural, requirementLink, truncate } from './format';
import type { QueryPlan } from './question/plan';
import type { RequirementRef, ToolArgs } from './tools';

/** Answers about work that is due: overdue requirements, what falls due in a window, and when something is due. */

const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const OPEN = ['Not Started', 'In Progress'] as const;

type Window = { kind: 'overdue' } | { kind: 'range'; from: string; to: string; label: string } | { kind: 'dated' };

/** What the question asks of due dates, in calendar days (UTC, like the server's day). */
export function dueWindow(question: string, now: Date): Window {
  const q = question.toLowerCase();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const range = (from: Date, to: Date, label: string): Window => ({ kind: 'range', from: isoDay(from), to: isoDay(to), label });
  if (/\b(?:overdue|past (?:their |its |the )?due|late|missed)\b/.test(q)) return { kind: 'overdue' };
  const monthEnd = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0));
  if (/\bthis month\b|\bend of (?:the |this )?month\b|\bmonth end\b/.test(q)) return range(today, monthEnd, 'by the end of this month');
  const weekday = (today.getUTCDay() + 6) % 7;
  const nextMonday = new Date(today.getTime() + (7 - weekday) * DAY);
  if (/\bnext week\b/.test(q)) return range(nextMonday, new Date(nextMonday.getTime() + 6 * DAY), 'next week');
  if (/\bthis week\b|\bend of (?:the |this )?week\b/.test(q)) return range(today, new Date(nextMonday.getTime() - DAY), 'this week');
  const days = /\bnext (\d{1,3}) days\b/.exec(q);
  if (days) return range(today, new Date(today.getTime() + Number(days[1]) * DAY), `in the next ${days[1]} days`);
  if (/\btoday\b/.test(q)) return range(today, today, 'today');
  return { kind: 'dated' };
}

function dueItem(r: RequirementRef): string {
  const due = r.due_date ? `due ${r.due_date}${r.overdue ? ', **overdue**' : ''}` : 'no due date set';
  return `**${requirementLink(r.id)}** (${r.priority} priority, ${r.status}): ${escapeMarkdown(truncate(r.text, 120))} — ${due} · owner: ${r.owner_name ?? 'unassigned'}`;
}

export async function composeDueDates(writer: AnswerWriter, plan: QueryPlan, question: string, now: Date): Promise<void> {
  const f = plan.filters;
  const whose = f.owner === 'me' ? ' assigned to you' : f.owner === 'unassigned' ? ' with no owner' : f.owner ? ` owned by ${escapeMarkdown(f.owner)}` : '';
  // "When is 3.4 due?" / "When is AC-2 due?": the named requirements with their dates, whatever their status.
  if (f.requirement_ids?.length || f.control) {
    const found = await writer.call('search_requirements', searchArgs(f, 10));
    if (!found.total) {
      writer.line(`No requirement of ${writer.tenant} matches that${f.control ? ` (${escapeMarkdown(f.control)})` : ''}.`);
      return;
    }
    writer.line(`Due dates of ${plural(found.total, 'requirement')}${f.control ? ` mapped to ${escapeMarkdown(f.control)}` : ''}:`);
    writer.list(bulleted(found.requirements.map(dueItem)));
    return;
  }
  const window = dueWindow(question, now);
  const base = searchArgs({ ...f, status: f.status ?? [...OPEN] }, 15);
  if (window.kind === 'overdue') {
    const found = await writer.call('search_requirements', { ...base, overdue: true });
    if (!found.total) {
      writer.line(`No requirement${whose} is overdue: none has a due date before today (${isoDay(now)}) while still open.`);
      return;
    }
    writer.line(`**${plural(found.total, 'requirement')}${whose} ${found.total === 1 ? 'is' : 'are'} overdue** (due before ${isoDay(now)} and not yet Compliant or Not Applicable):`);
    writer.list(bulleted(found.requirements.map(dueItem)));
    return;
  }
  if (window.kind === 'dated') return composeDated(writer, plan, base);
  const found = await writer.call('search_requirements', { ...base, due_after: window.from, due_before: window.to });
  const overdue = await writer.call('search_requirements', { ...base, overdue: true, limit: 1 });
  const when = ` ${window.label} (${window.from} to ${window.to})`;
  if (!found.total) writer.line(`No open requirement${whose} is due${when}.`);
  else {
    writer.line(`**${plural(found.total, 'open requirement')}${whose} ${found.total === 1 ? 'is' : 'are'} due${when}**, soonest first:`);
    writer.list(bulleted(found.requirements.map(dueItem)));
  }
  if (overdue.total) {
    writer.line();
    writer.line(`Besides these, ${plural(overdue.total, 'requirement')}${whose} ${overdue.total === 1 ? 'is' : 'are'} already overdue: ask "which are overdue?" for the list.`);
  }
}

/** "When are they due?", "what are my deadlines?": the requirements of the filters that have a date, soonest first. */
async function composeDated(writer: AnswerWriter, plan: QueryPlan, base: ToolArgs<'search_requirements'>): Promise<void> {
  const all = await writer.call('search_requirements', { ...base, limit: 1 });
  const dated = await writer.call('search_requirements', { ...base, due_after: '0000-01-01' });
  const described = describeFilters({ ...plan.filters, status: plan.filters.status ?? [...OPEN] });
  const of = `${plural(all.total, 'requirement')}${described ? ` ${described}` : ''}`;
  if (!all.total) {
    writer.line(`No requirement matches (${described || 'open requirements'}), so there is no due date to give.`);
    return;
  }
  if (!dated.total) {
    writer.line(`There is no due date set on any of the ${of}.`);
    return;
  }
  writer.line(`**${dated.total} of the ${of} ${dated.total === 1 ? 'has' : 'have'} a due date**, soonest first:`);
  writer.list(bulleted(dated.requirements.map(dueItem)));
  if (all.total > dated.total) {
    writer.line();
    writer.line(`The other ${all.total - dated.total} have no due date set.`);
  }
}
