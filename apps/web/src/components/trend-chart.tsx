import type { TrendPoint } from '@compliance/contracts/history';
import { GOOD_RATE, WARNING_RATE, formatRate, rateStyle } from './compliance-rate';

const WIDTH = 600;
const HEIGHT = 180;
const PAD = { left: 36, right: 12, top: 10, bottom: 24 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;
const TICKS = [0, 25, 50, 75, 100];

const y = (rate: number) => PAD.top + PLOT_H - (Math.min(100, Math.max(0, rate)) / 100) * PLOT_H;

// Written out rather than through Intl: the first date formatter a page makes loads the locale's data,
// a long task on a slow phone, and the chart needs only these twelve names.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Mar 4' from '2026-03-04', read as a UTC day. */
export function shortDate(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/** The change over the period in percentage points, signed: '+4.5 points', '−2 points', 'no change'. */
export function changeLabel(points: TrendPoint[]): string {
  if (points.length < 2) return 'no earlier day recorded';
  const delta = Math.round((points[points.length - 1]!.compliance_rate - points[0]!.compliance_rate) * 10) / 10;
  if (delta === 0) return 'no change';
  return `${delta > 0 ? '+' : '−'}${Math.abs(delta)} ${Math.abs(delta) === 1 ? 'point' : 'points'}`;
}

/**
 * The compliance rate per day as a line over 0–100%, with the warning and good thresholds dashed, the
 * latest point coloured by the rate rule. One image for assistive technology, described by its label.
 */
export function TrendChart({ points, title }: { points: TrendPoint[]; title: string }) {
  const step = points.length > 1 ? PLOT_W / (points.length - 1) : 0;
  const x = (i: number) => PAD.left + (points.length > 1 ? i * step : PLOT_W / 2);
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.compliance_rate).toFixed(1)}`).join(' ');
  const first = points[0];
  const last = points[points.length - 1];
  const description = first && last
    ? `${title}: ${formatRate(first.compliance_rate)} on ${shortDate(first.date)}, ${formatRate(last.compliance_rate)} on ${shortDate(last.date)} (${changeLabel(points)}), ${points.length} days`
    : `${title}: no days recorded`;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={description} data-testid="trend-chart" className="h-auto w-full">
      {TICKS.map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} className="stroke-slate-100" strokeWidth="1" />
          <text x={PAD.left - 6} y={y(t)} textAnchor="end" dominantBaseline="central" className="fill-slate-400 text-[10px]">
            {t}%
          </text>
        </g>
      ))}
      {[WARNING_RATE, GOOD_RATE].map((t) => (
        <line key={t} x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} className="stroke-slate-400/70" strokeDasharray="4 4" strokeWidth="1" />
      ))}
      {points.length > 1 && <polyline points={line} fill="none" className="stroke-indigo-500" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />}
      {points.length <= 31 &&
        points.map((p, i) => (
          <circle key={p.date} cx={x(i)} cy={y(p.compliance_rate)} r="2.5" className="fill-indigo-500">
            <title>{`${shortDate(p.date)}: ${formatRate(p.compliance_rate)} (${p.compliant} compliant)`}</title>
          </circle>
        ))}
      {last && <circle cx={x(points.length - 1)} cy={y(last.compliance_rate)} r="4" className={rateStyle(last.compliance_rate).svgFill} />}
      {first && (
        <text x={x(0)} y={HEIGHT - 6} textAnchor={points.length > 1 ? 'start' : 'middle'} className="fill-slate-400 text-[10px]">
          {shortDate(first.date)}
        </text>
      )}
      {last && points.length > 1 && (
        <text x={x(points.length - 1)} y={HEIGHT - 6} textAnchor="end" className="fill-slate-400 text-[10px]">
          {shortDate(last.date)}
        </text>
      )}
    </svg>
  );
}
