import { Badge } from '../../components/badge';
import { ReviewControls } from '../../components/review-controls';
import { Alert } from '../../components/alert';
import { trpc } from '../../lib/trpc';
import { ExpiryBadge } from '../../components/evidence-expiry';
import { useReviewEvidenceLink } from '../../components/use-review-evidence-link';

const percent = (value: number) => `${Math.round(value <= 1 ? value * 100 : value)}%`;

/**
 * The evidence documents linked to a requirement, each with its type, confidence, excerpt and review state;
 * Editors accept or reject each link here. Expired evidence, rejected links and drafts awaiting approval are
 * shown, flagged as not counting.
 */
export function SupportingEvidence({ tenantId, requirementId, canReview }: { tenantId: string; requirementId: string; canReview: boolean }) {
  const evidence = trpc.requirements.evidence.useQuery({ id: requirementId, tenant_id: tenantId });
  const review = useReviewEvidenceLink(tenantId);
  if (evidence.isPending || evidence.isError || evidence.data.length === 0) return null;
  return (
    <section aria-labelledby="supporting-evidence-title" className="space-y-2">
      <h3 id="supporting-evidence-title" className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Supporting evidence
      </h3>
      {review.error && <Alert tone="error">{review.error}</Alert>}
      <ul className="space-y-2">
        {evidence.data.map((item) => (
          <li
            key={item.link_id}
            data-testid="supporting-evidence"
            data-state={item.state}
            data-counts={item.counts}
            className={`rounded-lg border p-3 ${item.counts ? 'border-slate-200' : 'border-red-200 bg-red-50/40'}`}
          >
            <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
              <span className={`font-medium ${item.counts ? 'text-slate-800' : 'text-slate-500 line-through'}`}>{item.name}</span>
              {item.document_type && <span className="text-xs text-slate-500">{item.document_type}</span>}
              <ExpiryBadge expiresOn={item.expires_on} expired={item.expired} />
              {item.approval === 'draft' && <Badge tone="amber">Draft — awaiting approval</Badge>}
              {!item.counts && <span className="text-xs text-red-700">Does not count as support</span>}
              <span className="ml-auto text-xs text-slate-500">Confidence {percent(item.confidence)}</span>
            </div>
            <blockquote className="mt-1.5 border-l-2 border-green-300 pl-3 text-xs leading-relaxed text-slate-600 italic">{item.excerpt}</blockquote>
            <div className="mt-2">
              <ReviewControls
                state={item.state}
                reviewedByName={item.reviewed_by_name}
                reviewedAt={item.reviewed_at}
                canReview={canReview}
                busy={review.busyId === item.link_id}
                subject={`link to ${item.name}`}
                onChange={(state) => void review.decide(item.evidence_id, item.link_id, state)}
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
