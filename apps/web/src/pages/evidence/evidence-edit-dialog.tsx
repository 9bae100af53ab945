import { EVIDENCE_TYPES, type Evidence } from '@compliance/contracts/documents';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { failureMessage } from '../../components/error-detail';
import { SelectField, TextAreaField, TextField } from '../../components/form-field';
import { trpc } from '../../lib/trpc';

interface EvidenceEditDialogProps {
  tenantId: string;
  item: Evidence;
  onClose: () => void;
  onSaved: (item: Evidence) => void;
}

/** Edits an evidence document's name, type, description and expiry date (PATCH /api/evidence/{id}). */
export function EvidenceEditDialog({ tenantId, item, onClose, onSaved }: EvidenceEditDialogProps) {
  const formId = useId();
  const [name, setName] = useState(item.name);
  const [documentType, setDocumentType] = useState(item.document_type ?? 'Other');
  const [description, setDescription] = useState(item.description ?? '');
  const [expiresOn, setExpiresOn] = useState(item.expires_on ?? '');
  const update = trpc.evidence.update.useMutation();
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const saved = await update.mutateAsync({
        id: item.id,
        tenant_id: tenantId,
        name,
        document_type: documentType as (typeof EVIDENCE_TYPES)[number],
        description,
        expires_on: expiresOn || null,
      });
      onSaved(saved);
    } catch (failure) {
      setError(failureMessage(failure, 'Failed to save evidence'));
    }
  }

  return (
    <Dialog
      title="Edit Evidence"
      subtitle={item.filename}
      onClose={onClose}
      busy={update.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <TextField id={`${formId}-name`} label="Display Name" required value={name} maxLength={255} onChange={(event) => setName(event.target.value)} />
        <SelectField id={`${formId}-type`} label="Document Type" required value={documentType} onChange={(event) => setDocumentType(event.target.value)}>
          {EVIDENCE_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        <TextField
          id={`${formId}-expires`}
          label="Expires On"
          type="date"
          value={expiresOn}
          hint="From this day the document no longer counts as support. Leave empty if it does not expire."
          onChange={(event) => setExpiresOn(event.target.value)}
        />
        <TextAreaField id={`${formId}-description`} label="Description" rows={3} value={description} maxLength={2000} onChange={(event) => setDescription(event.target.value)} />
      </form>
    </Dialog>
  );
}
