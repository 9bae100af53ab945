import { barWidth, formatRate, rateLevel, rateStyle } from './compliance-rate';

interface RateBarProps {
  rate: number;
  /** Names the bar for assistive technology, e.g. 'HIPAA compliance rate'. */
  label: string;
  /** Prints the rate beside the bar. */
  showValue?: boolean;
  className?: string;
}

/** A thin progress bar coloured by the compliance-rate rule. */
export function RateBar({ rate, label, showValue = false, className = '' }: RateBarProps) {
  const style = rateStyle(rate);
  return (
    <div className={`flex items-center gap-3 ${className}`}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rate}
        aria-valuetext={formatRate(rate)}
        data-level={rateLevel(rate)}
        className="h-2 min-w-16 flex-1 overflow-hidden rounded-full bg-slate-100"
      >
        <div className={`h-full rounded-full ${style.fill}`} style={{ width: barWidth(rate) }} />
      </div>
      {showValue && <span className={`w-14 shrink-0 text-right text-sm font-semibold tabular-nums ${style.text}`}>{formatRate(rate)}</span>}
    </div>
  );
}
