import { formatRate, rateStyle } from '../../components/compliance-rate';

export interface StatusSlice {
  label: string;
  value: number;
  /** SVG stroke colour class of the slice and its key. */
  stroke: string;
  swatch: string;
}

interface StatusDonutProps {
  slices: StatusSlice[];
  rate: number;
}

const RADIUS = 40;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The tenant's requirements by status as a ring, the compliance rate in the middle and a key beside it. */
export function StatusDonut({ slices, rate }: StatusDonutProps) {
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  const description = `Requirements by status: ${slices.map((s) => `${s.value} ${s.label}`).join(', ')}; compliance rate ${formatRate(rate)}`;
  let offset = 0;
  return (
    <div className="flex flex-col items-center gap-6 sm:flex-row lg:flex-col">
      <svg viewBox="0 0 100 100" role="img" aria-label={description} className="h-40 w-40 shrink-0 -rotate-90">
        <circle cx="50" cy="50" r={RADIUS} fill="none" strokeWidth="14" className="stroke-slate-100" />
        {total > 0 &&
          slices.map((slice) => {
            const length = (slice.value / total) * CIRCUMFERENCE;
            const dash = `${length} ${CIRCUMFERENCE - length}`;
            const circle = (
              <circle
                key={slice.label}
                cx="50"
                cy="50"
                r={RADIUS}
                fill="none"
                strokeWidth="14"
                strokeDasharray={dash}
                strokeDashoffset={-offset}
                className={slice.stroke}
              />
            );
            offset += length;
            return circle;
          })}
        <text
          x="50"
          y="50"
          textAnchor="middle"
          dominantBaseline="central"
          transform="rotate(90 50 50)"
          className={`text-[15px] font-semibold ${rateStyle(rate).svgFill}`}
        >
          {formatRate(rate)}
        </text>
      </svg>
      <ul className="w-full space-y-2 text-sm" aria-hidden="true">
        {slices.map((slice) => (
          <li key={slice.label} className="flex items-center justify-between gap-4">
            <span className="flex items-center gap-2 text-slate-600">
              <span className={`h-3 w-3 rounded-sm ${slice.swatch}`} />
              {slice.label}
            </span>
            <span className="font-semibold text-slate-900 tabular-nums">
              {slice.value}
              <span className="ml-1.5 font-normal text-slate-400">{total ? `${Math.round((slice.value / total) * 100)}%` : '0%'}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
