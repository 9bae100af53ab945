import type { AccessibleTenant } from '@compliance/contracts/users';
import { useState } from 'react';
import { Card } from '../../components/card';
import { trpc } from '../../lib/trpc';
import { DropZone } from '../../components/drop-zone';
import { ProgressBar } from '../../components/progress-bar';
import { type UploadProgress, runTrackedUpload } from '../../components/tracked-upload';
import { UploadDestination } from '../../components/upload-destination';
import { CONTRACT_UPLOAD_MESSAGES } from '../../components/upload-messages';

interface ContractUploadCardProps {
  /** The tenant in view: named on the card and carried by the upload. */
  tenant: AccessibleTenant;
  onUploaded: (message: string) => void;
  onFailed: (message: string) => void;
  onStart: () => void;
}

/** The click-to-upload (or drop) area; one contract at a time, with its live analysis progress. */
export function ContractUploadCard({ tenant, onUploaded, onFailed, onStart }: ContractUploadCardProps) {
  const client = trpc.useUtils().client;
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [fileName, setFileName] = useState('');

  async function upload(files: File[]) {
    const file = files[0];
    if (!file || progress) return;
    onStart();
    setFileName(file.name);
    const body = new FormData();
    body.append('file', file);
    try {
      const outcome = await runTrackedUpload({
        client,
        path: '/api/contracts/upload',
        body,
        tenantId: tenant.id,
        messages: CONTRACT_UPLOAD_MESSAGES,
        onProgress: setProgress,
      });
      onUploaded(`Extracted ${outcome.requirementCount} requirements from ${file.name}`);
    } catch (error) {
      onFailed(error instanceof Error ? error.message : CONTRACT_UPLOAD_MESSAGES.fallback(null));
    } finally {
      setProgress(null);
    }
  }

  return (
    <Card className="space-y-4 p-5">
      <DropZone label="Upload contract" disabled={!!progress} onFiles={(files) => void upload(files)}>
        <p className="font-medium text-slate-700">{progress ? `Analyzing ${fileName}...` : 'Click to upload a contract, or drop it here'}</p>
        <p className="text-xs text-slate-500">PDF, Word (.docx, .doc) or Excel (.xlsx, .xls)</p>
      </DropZone>
      <UploadDestination tenant={tenant} />
      {progress && <ProgressBar progress={progress} label={`Analysis of ${fileName}`} />}
    </Card>
  );
}
