import type { Requirement } from '@compliance/contracts/requirements';
import { Badge } from '../../components/badge';

/** "Due 31 Jan 2026" from a YYYY-MM-DD day, read as that calendar day whatever the browser's time zone. */
export function formatDueDate(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** A requirement's due date, and an Overdue badge when the server says it is overdue. */
export function DueDate({ requirement }: { requirement: Pick<Requirement, 'due_date' | 'overdue'> }) {
  if (!requirement.due_date) return null;
  return (
    <span data-testid="due-date" className="inline-flex items-center gap-1.5">
      <span>
        Due: <span className="font-medium text-slate-700">{formatDueDate(requirement.due_date)}</span>
      </span>
      {requirement.overdue && <Badge tone="red">Overdue</Badge>}
    </span>
  );
}
