import type { Dashboard } from '@compliance/contracts/reports';
import { Icon } from '../../layout/nav-icons';
import { formatRate, rateLevel, rateStyle } from '../../components/compliance-rate';
import { RateBar } from '../../components/rate-bar';

const SHIELD: Record<string, string> = {
  good: 'bg-green-50 text-green-700 ring-green-600/20',
  warning: 'bg-amber-50 text-amber-700 ring-amber-600/20',
  poor: 'bg-red-50 text-red-700 ring-red-600/20',
};

/** A shield coloured by the framework's rate, with the rate level in words. */
function ShieldBadge({ framework, rate }: { framework: string; rate: number }) {
  const level = rateLevel(rate);
  return (
    <span
      data-level={level}
      title={`${framework}: ${formatRate(rate)}`}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${SHIELD[level]}`}
    >
      <Icon name="shield" className="h-3.5 w-3.5" />
      {rateStyle(rate).label}
    </span>
  );
}

const HEAD = 'py-2.5 text-xs font-semibold tracking-wide text-slate-500 uppercase';
const CELL = 'px-3 py-3 text-sm tabular-nums';

/** Per-framework counts with a rate bar and a shield badge. */
export function FrameworkTable({ rows }: { rows: Dashboard['framework_breakdown'] }) {
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[38rem] text-left">
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className={`${HEAD} pr-3 pl-5`}>Framework</th>
            <th scope="col" className={`${HEAD} px-3 text-right`}>Total</th>
            <th scope="col" className={`${HEAD} px-3 text-right`}>Compliant</th>
            <th scope="col" className={`${HEAD} px-3 text-right`}>In Progress</th>
            <th scope="col" className={`${HEAD} px-3 text-right`}>Not Started</th>
            <th scope="col" className={`${HEAD} pr-5 pl-3`}>Rate</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.framework} data-framework={row.framework}>
              <th scope="row" className="py-3 pr-3 pl-5 text-sm font-medium text-slate-900">
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1 whitespace-nowrap">
                  {row.framework}
                  <ShieldBadge framework={row.framework} rate={row.compliance_rate} />
                </span>
              </th>
              <td className={`${CELL} text-right text-slate-700`}>{row.total}</td>
              <td className={`${CELL} text-right text-green-700`}>{row.compliant}</td>
              <td className={`${CELL} text-right text-amber-700`}>{row.in_progress}</td>
              <td className={`${CELL} text-right text-red-700`}>{row.not_started}</td>
              <td className="min-w-40 py-3 pr-5 pl-3">
                <RateBar rate={row.compliance_rate} label={`${row.framework} compliance rate`} showValue />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
