import { GOOD_RATE, WARNING_RATE, barWidth, formatRate, rateLevel, rateStyle } from '../../components/compliance-rate';

export interface RateBarChartItem {
  key: string;
  label: string;
  rate: number;
  /** Extra words for the accessible description, e.g. '9 of 15 compliant'. */
  detail?: string;
}

interface RateBarChartProps {
  /** What the chart shows, e.g. 'Compliance rate by domain'; starts the accessible description. */
  title: string;
  items: RateBarChartItem[];
  /** 'large' for a few bars with short labels (thicker bars, detail under the label); 'compact' for many. */
  size?: 'compact' | 'large';
}

const LAYOUT = {
  compact: {
    grid: 'grid-cols-[minmax(0,1fr)_3.5rem] sm:grid-cols-[minmax(0,13rem)_minmax(0,1fr)_3.5rem] xl:grid-cols-[minmax(0,18rem)_minmax(0,1fr)_3.5rem]',
    bar: 'h-4',
    gap: 'space-y-2.5',
  },
  large: {
    grid: 'grid-cols-[minmax(0,1fr)_3.5rem] sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)_3.5rem]',
    bar: 'h-7',
    gap: 'space-y-4',
  },
} as const;

const TICKS = [0, 25, 50, 75, 100];
const THRESHOLDS = [WARNING_RATE, GOOD_RATE];

/** Dashed lines at the warning and good thresholds, so a bar can be read against the rule at a glance. */
function ThresholdLines() {
  return (
    <>
      {THRESHOLDS.map((t) => (
        <span key={t} className="absolute inset-y-0 border-l border-dashed border-slate-400/70" style={{ left: `${t}%` }} />
      ))}
    </>
  );
}

/**
 * A horizontal bar chart of compliance rates, each bar coloured by the rate rule. The picture is one
 * image for assistive technology, described in full by its label.
 */
export function RateBarChart({ title, items, size = 'compact' }: RateBarChartProps) {
  const layout = LAYOUT[size];
  const description = `${title}: ${items
    .map((i) => `${i.label} ${formatRate(i.rate)}${i.detail ? ` (${i.detail})` : ''}`)
    .join(', ')}`;
  return (
    <div role="img" aria-label={description} className={layout.gap}>
      {items.map((item) => {
        const style = rateStyle(item.rate);
        return (
          <div
            key={item.key}
            data-level={rateLevel(item.rate)}
            className={`grid items-center gap-x-3 gap-y-1 ${layout.grid}`}
          >
            <span className="col-span-2 min-w-0 sm:col-span-1">
              <span className="block truncate text-sm text-slate-700" title={item.label}>
                {item.label}
              </span>
              {size === 'large' && item.detail && <span className="block text-xs text-slate-400">{item.detail}</span>}
            </span>
            <span className={`relative rounded bg-slate-100 ${layout.bar}`}>
              <span className={`absolute inset-y-0 left-0 rounded ${style.fill}`} style={{ width: barWidth(item.rate) }} />
              <ThresholdLines />
            </span>
            <span className={`text-right text-sm font-semibold tabular-nums ${style.text}`}>{formatRate(item.rate)}</span>
          </div>
        );
      })}
      <div className={`grid gap-x-3 ${layout.grid}`}>
        <span className="hidden sm:block" />
        <span className="relative h-4 text-[11px] text-slate-400">
          {TICKS.map((t) => (
            <span
              key={t}
              className={`absolute top-0 ${t === 0 ? '' : t === 100 ? '-translate-x-full' : '-translate-x-1/2'}`}
              style={{ left: `${t}%` }}
            >
              {t}%
            </span>
          ))}
        </span>
      </div>
    </div>
  );
}

/** The colour key of the rate rule, shown under the charts. */
export function RateLegend() {
  const entries = [
    { label: `Good (${GOOD_RATE}% or more)`, className: 'bg-green-500' },
    { label: `Warning (${WARNING_RATE}% to under ${GOOD_RATE}%)`, className: 'bg-amber-500' },
    { label: `Poor (below ${WARNING_RATE}%)`, className: 'bg-red-500' },
  ];
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500" aria-label="Compliance rate colours">
      {entries.map((e) => (
        <li key={e.label} className="flex items-center gap-1.5">
          <span className={`h-2.5 w-2.5 rounded-sm ${e.className}`} aria-hidden="true" />
          {e.label}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span className="h-3 border-l border-dashed border-slate-400" aria-hidden="true" />
        Thresholds
      </li>
    </ul>
  );
}
