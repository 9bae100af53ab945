import type { Evidence } from '@compliance/contracts/documents';
import { type ChangeEvent, useId, useState } from 'react';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { buttonClass } from '../../components/button';
import { trpc } from '../../lib/trpc';
import { formatUploadDate } from '../../components/document-dates';
import { ExpiryBadge } from '../../components/evidence-expiry';
import { type UploadProgress, runTrackedUpload } from '../../components/tracked-upload';
import { ProgressBar } from '../../components/progress-bar';
import { EVIDENCE_UPLOAD_MESSAGES } from '../../components/upload-messages';

interface EvidenceHistoryProps {
  tenantId: string;
  item: Evidence;
  canManage: boolean;
  onChanged: () => void;
}

/** An evidence document's versions (current first) and, for editors, the upload of a new version. */
export function EvidenceHistory({ tenantId, item, canManage, onChanged }: EvidenceHistoryProps) {
  const inputId = useId();
  const client = trpc.useUtils().client;
  const versions = trpc.evidence.versions.useQuery({ id: item.id, tenant_id: tenantId });
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setMessage(null);
    const body = new FormData();
    body.append('file', file);
    try {
      await runTrackedUpload({ client, path: `/api/evidence/${item.id}/versions`, body, tenantId, messages: EVIDENCE_UPLOAD_MESSAGES, onProgress: setProgress });
      setMessage({ tone: 'success', text: `New version of "${item.name}" uploaded; its links moved to it` });
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : 'Failed to upload the new version' });
    } finally {
      setProgress(null);
      onChanged();
    }
  }

  return (
    <section aria-label={`Versions of ${item.name}`} className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Version history</h3>
        {canManage && (
          <label htmlFor={inputId} className={`${buttonClass('secondary', 'sm')} relative cursor-pointer`}>
            Upload new version
            <input id={inputId} type="file" className="sr-only" accept=".pdf,.docx,.doc,.xlsx,.xls" disabled={!!progress} onChange={(event) => void upload(event)} />
          </label>
        )}
      </div>
      {progress && <ProgressBar progress={progress} label={`New version of ${item.name}`} />}
      {message && (
        <Alert tone={message.tone} onDismiss={() => setMessage(null)}>
          {message.text}
        </Alert>
      )}
      {versions.isError && <Alert tone="error">Failed to load the version history</Alert>}
      {versions.data && (
        <ol className="space-y-1 text-sm" data-testid="evidence-versions">
          {versions.data.map((v) => (
            <li key={v.id} data-testid="evidence-version" className="flex flex-wrap items-center gap-2 rounded border border-slate-200 bg-white px-3 py-2">
              {v.current ? <Badge tone="indigo">Current</Badge> : <Badge tone="grey">Earlier version</Badge>}
              <span className="font-medium text-slate-800">{v.filename}</span>
              <span className="text-xs text-slate-500">
                uploaded {formatUploadDate(v.upload_date)}
                {v.uploaded_by ? ` by ${v.uploaded_by}` : ''}
              </span>
              <ExpiryBadge expiresOn={v.expires_on} expired={v.expired} />
              <a className="ml-auto text-xs text-indigo-700 hover:underline" href={`/api/evidence/${v.id}/download?tenant_id=${encodeURIComponent(tenantId)}`} target="_blank" rel="noopener">
                Download
              </a>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
