import { Link } from 'react-router-dom';
import { Card } from '../../components/card';
import { trpc } from '../../lib/trpc';
import { ExpiryBadge } from '../../components/evidence-expiry';

const DAYS = 30;

/** My Dashboard's list of evidence that has expired or expires within 30 days; nothing when there is none. */
export function ExpiringEvidenceCard({ tenantId }: { tenantId: string }) {
  const expiring = trpc.evidence.expiring.useQuery({ tenant_id: tenantId, days: DAYS });
  if (!expiring.data || expiring.data.evidence.length === 0) return null;
  const { evidence } = expiring.data;
  const expired = evidence.filter((e) => e.expired).length;
  return (
    <section data-testid="expiring-evidence">
      <Card className="p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">Evidence expiring within {DAYS} days</h2>
        <p className="text-xs text-slate-500">
          {expired ? `${expired} expired and no longer counting as support · ` : ''}
          {evidence.length - expired} expiring soon
        </p>
      </div>
      <ul className="mt-3 divide-y divide-slate-100 text-sm">
        {evidence.map((e) => (
          <li key={e.id} data-testid="expiring-evidence-item" className="flex flex-wrap items-center gap-2 py-2">
            <Link to={`/evidence?search=${encodeURIComponent(e.name)}`} className="font-medium text-indigo-700 hover:underline">
              {e.name}
            </Link>
            {e.document_type && <span className="text-xs text-slate-500">{e.document_type}</span>}
            <ExpiryBadge expiresOn={e.expires_on} expired={e.expired} />
            <span className="ml-auto text-xs text-slate-500">
              {e.linked_requirement_count} linked requirement{e.linked_requirement_count === 1 ? '' : 's'}
            </span>
          </li>
        ))}
      </ul>
      </Card>
    </section>
  );
}
