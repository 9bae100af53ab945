import { z } from 'zod';
import { idSchema } from './common';
import { tenantIdQuery } from './requirements';

/**
 * Review of what the AI proposed: every evidence link and contract obligation is suggested until an Editor
 * accepts or rejects it. A rejected link does not count as support, and re-analysis keeps both decisions.
 */
export const REVIEW_STATES = ['suggested', 'accepted', 'rejected'] as const;
export const reviewState = z.enum(REVIEW_STATES, { error: `State must be one of: ${REVIEW_STATES.join(', ')}` });
export type ReviewState = z.infer<typeof reviewState>;

/** Policies saved from the generator are drafts until an Admin approves them; every other document is approved. */
export const DOCUMENT_APPROVALS = ['draft', 'approved'] as const;
export const documentApproval = z.enum(DOCUMENT_APPROVALS);
export type DocumentApproval = z.infer<typeof documentApproval>;

/** Who decided and when; null while the AI's proposal stands unreviewed. */
export const reviewFields = {
  state: reviewState,
  reviewed_by_name: z.string().nullable(),
  reviewed_at: z.string().nullable(),
};

export const reviewEvidenceLinkInput = z.object({ id: idSchema, link_id: idSchema, tenant_id: tenantIdQuery, state: reviewState });
export type ReviewEvidenceLinkInput = z.infer<typeof reviewEvidenceLinkInput>;

export const reviewObligationInput = z.object({ id: idSchema, obligation_id: idSchema, tenant_id: tenantIdQuery, state: reviewState });
export type ReviewObligationInput = z.infer<typeof reviewObligationInput>;

/** The decision as stored: the link or obligation and who decided when. */
export const reviewOutput = z.object({ id: idSchema, ...reviewFields });
export type ReviewOutput = z.infer<typeof reviewOutput>;

export const approveEvidenceOutput = z.object({
  id: idSchema,
  approval: documentApproval,
  approved_by_name: z.string().nullable(),
  approved_at: z.string().nullable(),
  message: z.string(),
});
