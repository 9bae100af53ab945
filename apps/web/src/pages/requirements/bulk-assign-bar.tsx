import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { failureMessage } from '../../components/error-detail';
import { SelectField, TextField } from '../../components/form-field';
import { trpc } from '../../lib/trpc';

const KEEP = '';
const UNASSIGNED = 'unassigned';

interface BulkAssignBarProps {
  tenantId: string;
  selectedIds: string[];
  /** Every requirement shown, for "Select all shown". */
  shownIds: string[];
  onSelectAll: (ids: string[]) => void;
  onClear: () => void;
  /** Called with the number of requirements that changed. */
  onAssigned: (updated: number) => void;
}

/** Select several requirements, then give them one owner and/or one due date (one call, audited per requirement). */
export function BulkAssignBar({ tenantId, selectedIds, shownIds, onSelectAll, onClear, onAssigned }: BulkAssignBarProps) {
  const formId = useId();
  const owners = trpc.requirements.owners.useQuery({ tenant_id: tenantId });
  const assign = trpc.requirements.assign.useMutation();
  const [owner, setOwner] = useState(KEEP);
  const [dueDate, setDueDate] = useState('');
  const [clearDue, setClearDue] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const count = selectedIds.length;
  const nothingChosen = owner === KEEP && !dueDate && !clearDue;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!count || nothingChosen || assign.isPending) return;
    setError(null);
    try {
      const result = await assign.mutateAsync({
        tenant_id: tenantId,
        requirement_ids: selectedIds,
        ...(owner !== KEEP ? { owner_id: owner === UNASSIGNED ? null : owner } : {}),
        ...(clearDue ? { due_date: null } : dueDate ? { due_date: dueDate } : {}),
      });
      setOwner(KEEP);
      setDueDate('');
      setClearDue(false);
      onAssigned(result.updated);
    } catch (failure) {
      setError(failureMessage(failure, 'Failed to assign the requirements'));
    }
  }

  return (
    <Card>
      <form id={formId} onSubmit={submit} aria-label="Assign selected requirements" className="space-y-3 p-4" data-testid="bulk-assign">
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="font-medium text-slate-800" data-testid="selected-count">
            {count === 0 ? 'Select requirements to assign an owner or a due date' : count === 1 ? '1 requirement selected' : `${count} requirements selected`}
          </span>
          <span className="flex gap-2">
            <Button type="button" variant="ghost" size="sm" onClick={() => onSelectAll(shownIds)} disabled={shownIds.length === 0}>
              Select all shown
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={onClear} disabled={count === 0}>
              Clear selection
            </Button>
          </span>
        </div>
        {count > 0 && (
          <div className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
            <SelectField id={`${formId}-owner`} label="Set owner" value={owner} onChange={(event) => setOwner(event.target.value)}>
              <option value={KEEP}>Keep current owner</option>
              <option value={UNASSIGNED}>Unassigned</option>
              {(owners.data ?? []).map((o) => (
                <option key={o.id} value={o.id}>
                  {o.full_name || o.username}
                </option>
              ))}
            </SelectField>
            <div className="space-y-1">
              <TextField id={`${formId}-due`} label="Set due date" type="date" value={dueDate} disabled={clearDue} onChange={(event) => setDueDate(event.target.value)} />
              <label className="flex items-center gap-2 text-xs text-slate-600">
                <input type="checkbox" checked={clearDue} onChange={(event) => setClearDue(event.target.checked)} />
                Clear due dates
              </label>
            </div>
            <Button type="submit" disabled={nothingChosen || assign.isPending} className="mb-6">
              {assign.isPending ? 'Assigning...' : 'Assign'}
            </Button>
          </div>
        )}
        {error && (
          <p role="alert" className="text-sm font-medium text-red-600">
            {error}
          </p>
        )}
      </form>
    </Card>
  );
}
