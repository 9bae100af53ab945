import type { ReviewState } from '@compliance/contracts/review';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { failureMessage } from '../../components/error-detail';
import { ReviewControls } from '../../components/review-controls';
import { useReviewEvidenceLink } from '../../components/use-review-evidence-link';
import { refreshQueries } from '../../lib/refresh-queries';
import { trpc } from '../../lib/trpc';
import { formatConfidence } from '../../components/document-dates';

/** The requirements one evidence document supports, each with its confidence, excerpt and review state. */
export function EvidenceLinks({ tenantId, evidenceId, canReview }: { tenantId: string; evidenceId: string; canReview: boolean }) {
  const links = trpc.evidence.links.useQuery({ id: evidenceId, tenant_id: tenantId });
  const review = useReviewEvidenceLink(tenantId);
  if (links.isPending) return <p className="text-sm text-slate-500">Loading linked requirements...</p>;
  if (links.isError) return <Alert tone="error">Failed to load the linked requirements</Alert>;
  if (links.data.links.length === 0) return <p className="text-sm text-slate-500">This document is not linked to any requirement yet.</p>;
  return (
    <div className="space-y-2">
      {review.error && <Alert tone="error">{review.error}</Alert>}
      <ul className="space-y-2" aria-label="Linked requirements">
        {links.data.links.map((link) => (
          <li
            key={link.id}
            data-testid="evidence-link"
            data-state={link.state}
            data-requirement={link.display_id}
            className={`rounded-lg border p-3 ${link.state === 'rejected' ? 'border-dashed border-slate-300 bg-slate-50' : 'border-slate-200 bg-white'}`}
          >
            <div className="flex flex-wrap items-baseline gap-2 text-sm">
              <span className="font-mono text-xs font-semibold whitespace-nowrap text-indigo-700">{link.display_id}</span>
              <span className={`min-w-0 flex-1 ${link.state === 'rejected' ? 'text-slate-500 line-through' : 'text-slate-800'}`}>{link.requirement_text}</span>
              <span className="text-xs whitespace-nowrap text-slate-500">Confidence {formatConfidence(link.confidence)}</span>
            </div>
            <blockquote data-testid="evidence-excerpt" className="mt-2 border-l-2 border-green-300 pl-3 text-xs leading-relaxed text-slate-600 italic">
              {link.excerpt}
            </blockquote>
            <div className="mt-2">
              <ReviewControls
                state={link.state}
                reviewedByName={link.reviewed_by_name}
                reviewedAt={link.reviewed_at}
                canReview={canReview}
                busy={review.busyId === link.id}
                subject={`link to ${link.display_id}`}
                onChange={(state) => void review.decide(evidenceId, link.id, state)}
              />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
