import type { AnswerWriter } from './answer-writer';
import { bulleted, percent, plural } from './format';
import type { QueryPlan } from './question/plan';
import type { TrendDay } from './tools';

/** Answers how the compliance rate moved over a period, from the tenant's daily history. */

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;

function signed(points: number): string {
  const rounded = Math.round(points * 10) / 10;
  if (rounded === 0) return 'no change';
  return `${rounded > 0 ? 'up' : 'down'} ${plural(Math.abs(rounded), 'point')}`;
}

function delta(now: number, then: number, what: string): string {
  const d = now - then;
  return `${what}: ${then} → ${now}${d ? ` (${d > 0 ? '+' : ''}${d})` : ''}`;
}

/** How many days back the question reaches (its period's start to today), within the history's limit. */
export function trendDays(plan: QueryPlan, now = new Date()): number {
  const since = plan.filters.period?.since;
  if (!since) return DEFAULT_DAYS;
  const days = Math.round((now.getTime() - Date.parse(since)) / DAY_MS);
  return Number.isFinite(days) ? Math.min(MAX_DAYS, Math.max(1, days)) : DEFAULT_DAYS;
}

export async function composeTrend(writer: AnswerWriter, plan: QueryPlan): Promise<void> {
  const period = plan.filters.period;
  const label = period?.label ?? `in the last ${DEFAULT_DAYS} days`;
  const trend = await writer.call('get_compliance_trend', { days: trendDays(plan) });
  const until = period?.until ? period.until.slice(0, 10) : null;
  const points = until ? trend.points.filter((p) => p.date <= until) : trend.points;
  const first = points[0];
  const last = points[points.length - 1];
  const wantedStart = trend.points.length ? new Date(Date.parse(trend.last!.date) - (trend.days - 1) * DAY_MS).toISOString().slice(0, 10) : null;
  if (!first || !last || first.date === last.date) {
    const now = trend.last;
    writer.line(
      `The product does not keep a history of ${writer.tenantPossessive} compliance rate before ${first?.date ?? now?.date ?? 'today'} (its daily history begins then), so I cannot show how it moved ${label}.`,
    );
    if (now) {
      writer.line();
      writer.line(`What I can tell you: the rate is **${percent(now.compliance_rate)}** now (${now.compliant} Compliant, ${now.in_progress} In Progress, ${now.not_started} Not Started). Ask "what changed ${label}?" for the audit trail of that period.`);
    }
    return;
  }
  writer.line(`**${writer.tenantPossessive} compliance rate went from ${percent(first.compliance_rate)} on ${first.date} to ${percent(last.compliance_rate)} on ${last.date}** (${signed(last.compliance_rate - first.compliance_rate)}).`);
  writer.line();
  writer.list(bulleted([delta(last.compliant, first.compliant, 'Compliant'), delta(last.in_progress, first.in_progress, 'In Progress'), delta(last.not_started, first.not_started, 'Not Started')]));
  const low = points.reduce((a: TrendDay, b) => (b.compliance_rate < a.compliance_rate ? b : a));
  const high = points.reduce((a: TrendDay, b) => (b.compliance_rate > a.compliance_rate ? b : a));
  if (low.compliance_rate !== high.compliance_rate) {
    writer.line();
    writer.line(`Lowest ${percent(low.compliance_rate)} on ${low.date}, highest ${percent(high.compliance_rate)} on ${high.date}.`);
  }
  if (wantedStart && first.date > wantedStart) {
    writer.line();
    writer.line(`The product does not keep a history before ${first.date}, when ${writer.tenantPossessive} daily history begins.`);
  }
}
