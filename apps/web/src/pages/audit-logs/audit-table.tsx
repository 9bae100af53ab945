import type { AppRouter } from '@compliance/api';
import type { inferRouterOutputs } from '@trpc/server';
import { Badge } from '../../components/badge';
import { actionTone, detailsText } from './audit-format';
import { ScrollRegion } from '../../components/scroll-region';

type AuditLogEntry = inferRouterOutputs<AppRouter>['audit']['list'][number];

const TH = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500';

export function AuditTable({ entries }: { entries: AuditLogEntry[] }) {
  return (
    <ScrollRegion label="Audit log table" className="overflow-x-auto">
      <table className="min-w-full table-fixed divide-y divide-slate-200">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={`${TH} w-52`}>Timestamp</th>
            <th scope="col" className={`${TH} w-40`}>User</th>
            <th scope="col" className={`${TH} w-56`}>Action</th>
            <th scope="col" className={TH}>Details</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {entries.map((entry) => {
            const details = detailsText(entry.details);
            return (
              <tr key={entry.id} className="hover:bg-slate-50/60">
                <td className="px-4 py-3 text-sm whitespace-nowrap text-slate-600">
                  {new Date(entry.timestamp).toLocaleString()}
                </td>
                <td className="truncate px-4 py-3 text-sm font-medium text-slate-900">{entry.username}</td>
                <td className="px-4 py-3">
                  <Badge tone={actionTone(entry.action)}>{entry.action}</Badge>
                </td>
                <td className="max-w-0 px-4 py-3 text-sm text-slate-700">
                  <span className="block truncate" title={details === '-' ? undefined : details}>
                    {details}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
