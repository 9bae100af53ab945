import { Badge } from './badge';

/** Whole days from today (the browser's date) to a YYYY-MM-DD day. */
export function daysUntil(day: string): number {
  const today = new Date();
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((Date.parse(`${day}T00:00:00Z`) - start) / 86_400_000);
}

/**
 * The expiry of an evidence document as a flag: red once expired (the server's word: it no longer counts
 * as support), amber within 30 days, otherwise the date in grey. Nothing when it does not expire.
 */
export function ExpiryBadge({ expiresOn, expired }: { expiresOn: string | null; expired: boolean }) {
  if (!expiresOn) return null;
  if (expired) {
    return (
      <span data-testid="expired-flag">
        <Badge tone="red" title={`Expired on ${expiresOn}: no longer counts as support`}>
          Expired {expiresOn}
        </Badge>
      </span>
    );
  }
  const days = daysUntil(expiresOn);
  return (
    <Badge tone={days <= 30 ? 'amber' : 'grey'} title={`Counts as support until the day before ${expiresOn}`}>
      {days <= 30 ? `Expires in ${days} day${days === 1 ? '' : 's'}` : `Expires ${expiresOn}`}
    </Badge>
  );
}
