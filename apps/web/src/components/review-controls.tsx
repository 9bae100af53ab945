import type { ReviewState } from '@compliance/contracts/review';
import { Badge, type BadgeTone } from './badge';
import { Button } from './button';

const LABEL: Record<ReviewState, string> = { suggested: 'Suggested by AI', accepted: 'Accepted', rejected: 'Rejected' };
const TONE: Record<ReviewState, BadgeTone> = { suggested: 'blue', accepted: 'green', rejected: 'red' };

interface ReviewControlsProps {
  state: ReviewState;
  reviewedByName: string | null;
  reviewedAt: string | null;
  /** Editors (and above) decide; Viewers see the state only. */
  canReview: boolean;
  busy: boolean;
  /** What is being decided, for the buttons' accessible names ("link to 3.2"). */
  subject: string;
  onChange: (state: ReviewState) => void;
}

/**
 * The review state of something the AI proposed (an evidence link or a contract obligation) and, for
 * Editors, Accept and Reject. Pressing the button of the current decision again returns it to suggested.
 */
export function ReviewControls({ state, reviewedByName, reviewedAt, canReview, busy, subject, onChange }: ReviewControlsProps) {
  const decided = reviewedByName && reviewedAt ? `${LABEL[state]} by ${reviewedByName} on ${new Date(reviewedAt).toLocaleString()}` : undefined;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="review-controls" data-state={state}>
      <Badge tone={TONE[state]} title={decided}>
        {LABEL[state]}
      </Badge>
      {canReview && (
        <>
          <Button
            variant="secondary"
            size="sm"
            aria-pressed={state === 'accepted'}
            aria-label={`${state === 'accepted' ? 'Undo accept of' : 'Accept'} ${subject}`}
            disabled={busy}
            onClick={() => onChange(state === 'accepted' ? 'suggested' : 'accepted')}
          >
            {state === 'accepted' ? 'Undo accept' : 'Accept'}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-pressed={state === 'rejected'}
            aria-label={`${state === 'rejected' ? 'Undo reject of' : 'Reject'} ${subject}`}
            disabled={busy}
            onClick={() => onChange(state === 'rejected' ? 'suggested' : 'rejected')}
          >
            {state === 'rejected' ? 'Undo reject' : 'Reject'}
          </Button>
        </>
      )}
    </div>
  );
}
