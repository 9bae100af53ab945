import { COMPLIANCE_STATUSES, type ComplianceStatusName, type Requirement } from '@compliance/contracts/requirements';
import { useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/button';
import { failureMessage } from '../../components/error-detail';
import { SelectField, TextAreaField, TextField } from '../../components/form-field';
import { refreshQueries } from '../../lib/refresh-queries';
import { trpc } from '../../lib/trpc';
import { Dialog } from '../../components/dialog';
import { GenerateResponseButton } from './generate-response-button';
import { ReplacedResponseNotice, useResponseReplacement } from './replaced-response-notice';
import { RequirementDetails } from './requirement-details';
import { SuggestedResponse } from './suggested-response';
import { SupportingEvidence } from './supporting-evidence';

const SAVE_FAILED = 'Failed to save response';
const RESPONSE_ROWS = 10;

/** The server's detail when it gives a user-facing one; internal errors and network failures get the catalogue text. */
function saveFailure(error: unknown): string {
  const code = error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined;
  return code === 'INTERNAL_SERVER_ERROR' ? SAVE_FAILED : failureMessage(error, SAVE_FAILED);
}

interface ResponseEditorDialogProps {
  tenantId: string;
  requirement: Requirement;
  /** Viewers see the dialog read-only, without a way to save. */
  canEdit: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** The Compliance Response Editor: the requirement, its suggested response, and its response, status, owner and due date. */
export function ResponseEditorDialog({ tenantId, requirement, canEdit, onClose, onSaved }: ResponseEditorDialogProps) {
  const formId = useId();
  const owners = trpc.requirements.owners.useQuery({ tenant_id: tenantId });
  const save = trpc.requirements.updateResponse.useMutation();
  const [text, setText] = useState(requirement.user_response ?? '');
  const [status, setStatus] = useState<ComplianceStatusName>(requirement.compliance_status);
  const [ownerId, setOwnerId] = useState(requirement.owner_id ?? '');
  const [dueDate, setDueDate] = useState(requirement.due_date ?? '');
  const [error, setError] = useState<string | null>(null);
  const [generated, setGenerated] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const saving = save.isPending;
  const suggestion = requirement.suggested_response || generated;
  const replacement = useResponseReplacement(text, setText);

  const ownerOptions = (owners.data ?? []).map((o) => ({ id: o.id, name: o.full_name || o.username }));
  if (requirement.owner_id && !ownerOptions.some((o) => o.id === requirement.owner_id)) {
    ownerOptions.unshift({ id: requirement.owner_id, name: requirement.owner_name ?? 'Current owner' });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canEdit || saving) return;
    setError(null);
    try {
      await save.mutateAsync({
        id: requirement.id,
        tenant_id: tenantId,
        user_response: text.trim() ? text : null,
        compliance_status: status,
        owner_id: ownerId || null,
        due_date: dueDate || null,
      });
      onSaved();
    } catch (failure) {
      setError(saveFailure(failure));
    }
  }

  const footer = canEdit ? (
    <>
      {error && (
        <p role="alert" className="mr-auto text-sm font-medium text-red-600">
          {error}
        </p>
      )}
      <Button variant="secondary" onClick={onClose} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" form={formId} disabled={saving}>
        {saving ? 'Saving...' : 'Save Response'}
      </Button>
    </>
  ) : (
    <Button variant="secondary" onClick={onClose}>
      Close
    </Button>
  );

  return (
    <Dialog
      title="Compliance Response Editor"
      subtitle={`Requirement ${requirement.display_id} · ${requirement.priority} priority`}
      onClose={onClose}
      busy={saving}
      footer={footer}
      initialFocusId={canEdit ? `${formId}-response` : undefined}
      size="lg"
    >
      <div className="space-y-6">
        <RequirementDetails requirement={requirement} />
        <SupportingEvidence tenantId={tenantId} requirementId={requirement.id} canReview={canEdit} />
        {suggestion ? (
          <SuggestedResponse text={suggestion} onUse={canEdit ? replacement.use : undefined} />
        ) : (
          canEdit &&
          requirement.evidence_count > 0 && (
            <GenerateResponseButton
              tenantId={tenantId}
              requirementId={requirement.id}
              onGenerated={(generatedText) => {
                setGenerated(generatedText);
                void refreshQueries(queryClient, 'requirements');
              }}
            />
          )
        )}
        <form id={formId} onSubmit={submit} className="space-y-4" noValidate>
          {!canEdit && (
            <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-600">
              You have read-only access to this tenant: the response, status, owner and due date cannot be changed.
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField
              id={`${formId}-status`}
              label="Compliance Status"
              value={status}
              disabled={!canEdit || saving}
              onChange={(event) => setStatus(event.target.value as ComplianceStatusName)}
            >
              {COMPLIANCE_STATUSES.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </SelectField>
            <SelectField
              id={`${formId}-owner`}
              label="Owner"
              value={ownerId}
              disabled={!canEdit || saving}
              hint={owners.isError ? 'Could not load the list of owners.' : undefined}
              onChange={(event) => setOwnerId(event.target.value)}
            >
              <option value="">Unassigned</option>
              {ownerOptions.map((owner) => (
                <option key={owner.id} value={owner.id}>
                  {owner.name}
                </option>
              ))}
            </SelectField>
            <TextField
              id={`${formId}-due`}
              label="Due Date"
              type="date"
              value={dueDate}
              disabled={!canEdit || saving}
              hint={requirement.overdue ? 'Overdue' : undefined}
              onChange={(event) => setDueDate(event.target.value)}
            />
          </div>
          <TextAreaField
            id={`${formId}-response`}
            label="Your Response"
            rows={RESPONSE_ROWS}
            value={text}
            readOnly={!canEdit || saving}
            placeholder={canEdit ? 'Describe how this requirement is met, with references to policies, procedures and evidence.' : undefined}
            hint={text.length === 1 ? '1 character' : `${text.length} characters`}
            onChange={(event) => setText(event.target.value)}
          />
          {replacement.previous !== null && <ReplacedResponseNotice onUndo={replacement.undo} onDismiss={replacement.dismiss} />}
          {requirement.updated_by_name && (
            <p className="text-xs text-slate-500">
              Last updated by {requirement.updated_by_name} on {new Date(requirement.updated_at).toLocaleString()}
            </p>
          )}
        </form>
      </div>
    </Dialog>
  );
}
