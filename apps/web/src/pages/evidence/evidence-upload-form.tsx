import { EVIDENCE_TYPES } from '@compliance/contracts/documents';
import type { AccessibleTenant } from '@compliance/contracts/users';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { SelectField, TextAreaField, TextField } from '../../components/form-field';
import { trpc } from '../../lib/trpc';
import { DropZone } from '../../components/drop-zone';
import { type EvidenceFields, displayNameOf, evidenceUploadBody } from './evidence-upload-request';
import { ProgressBar } from '../../components/progress-bar';
import { type UploadProgress, runTrackedUpload } from '../../components/tracked-upload';
import { UploadDestination } from '../../components/upload-destination';
import { EVIDENCE_UPLOAD_MESSAGES } from '../../components/upload-messages';

const DEFAULT_TYPE = 'Policy';

interface EvidenceUploadFormProps {
  /** The tenant in view: named on the form and carried by every upload. */
  tenant: AccessibleTenant;
  /** Several files go to the batch queue, each as its own upload. */
  onBatch: (files: File[], fields: EvidenceFields) => void;
  onStart: () => void;
  onUploaded: () => void;
  onFailed: (message: string) => void;
}

/** The upload form of spec section 2: file, Document Type, Display Name and Description, with progress. */
export function EvidenceUploadForm({ tenant, onBatch, onStart, onUploaded, onFailed }: EvidenceUploadFormProps) {
  const formId = useId();
  const client = trpc.useUtils().client;
  const [files, setFiles] = useState<File[]>([]);
  const [documentType, setDocumentType] = useState<string>(DEFAULT_TYPE);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [processing, setProcessing] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const batch = files.length > 1;

  function choose(picked: File[]) {
    setFiles(picked);
    setName(picked.length === 1 ? displayNameOf(picked[0]!.name) : '');
    setProgress(null);
  }

  function reset() {
    setFiles([]);
    setDocumentType(DEFAULT_TYPE);
    setName('');
    setDescription('');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (files.length === 0 || processing) return;
    const fields = { documentType, description };
    onStart();
    if (batch) {
      onBatch(files, fields);
      reset();
      return;
    }
    setProcessing(true);
    try {
      await runTrackedUpload({
        client,
        path: '/api/evidence/upload',
        body: evidenceUploadBody(files[0]!, fields, name),
        tenantId: tenant.id,
        messages: EVIDENCE_UPLOAD_MESSAGES,
        onProgress: setProgress,
      });
      reset();
      onUploaded();
    } catch (error) {
      setProgress(null);
      onFailed(error instanceof Error ? error.message : EVIDENCE_UPLOAD_MESSAGES.fallback(null));
    } finally {
      setProcessing(false);
    }
  }

  return (
    <Card className="p-5">
      <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate aria-label="Upload evidence">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Upload Evidence</h2>
          <p className="mt-0.5 text-xs text-slate-500">
            AI analysis takes 30-90 seconds per document and checks it against 149+ security requirements.
          </p>
        </div>
        <UploadDestination tenant={tenant} />
        <DropZone label="File" multiple disabled={processing} onFiles={choose}>
          <p className="font-medium text-slate-700">
            {files.length === 0 ? 'Click to choose files, or drop them here' : files.length === 1 ? files[0]!.name : `${files.length} files selected`}
          </p>
          <p className="text-xs text-slate-500">PDF, Word (.docx, .doc) or Excel (.xlsx, .xls) · several files upload as a batch</p>
        </DropZone>
        {batch && (
          <ul className="flex flex-wrap gap-1.5 text-xs text-slate-600" aria-label="Selected files">
            {files.map((file) => (
              <li key={`${file.name}-${file.size}`} className="rounded bg-slate-100 px-2 py-0.5">
                {file.name}
              </li>
            ))}
          </ul>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            id={`${formId}-type`}
            label="Document Type"
            required
            value={documentType}
            disabled={processing}
            onChange={(event) => setDocumentType(event.target.value)}
          >
            {EVIDENCE_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </SelectField>
          <TextField
            id={`${formId}-name`}
            label="Display Name"
            value={name}
            disabled={processing || batch}
            hint={batch ? 'Each file is named after its file name.' : 'Defaults to the file name without its extension.'}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <TextAreaField
          id={`${formId}-description`}
          label="Description"
          rows={2}
          value={description}
          disabled={processing}
          placeholder="Optional: what this document shows"
          onChange={(event) => setDescription(event.target.value)}
        />
        {progress && <ProgressBar progress={progress} label="Evidence analysis" />}
        <div className="flex justify-end">
          <Button type="submit" disabled={files.length === 0 || processing}>
            {processing ? 'Analyzing...' : batch ? `Upload ${files.length} files` : 'Upload & Analyze'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
