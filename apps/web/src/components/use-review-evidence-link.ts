import type { ReviewState } from '@compliance/contracts/review';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshQueries } from '../lib/refresh-queries';
import { trpc } from '../lib/trpc';
import { failureMessage } from './error-detail';

/** Accepting or rejecting an evidence link, then refreshing everything that counts support. */
export function useReviewEvidenceLink(tenantId: string) {
  const queryClient = useQueryClient();
  const review = trpc.evidence.reviewLink.useMutation();
  const [error, setError] = useState<string | null>(null);
  async function decide(evidenceId: string, linkId: string, state: ReviewState) {
    setError(null);
    try {
      await review.mutateAsync({ id: evidenceId, link_id: linkId, tenant_id: tenantId, state });
    } catch (e) {
      setError(failureMessage(e, 'Failed to save the review of this link'));
    } finally {
      await refreshQueries(queryClient, 'evidence', 'requirements', 'reports');
    }
  }
  return { decide, busyId: review.isPending ? (review.variables?.link_id ?? null) : null, error };
}
