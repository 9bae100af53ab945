import { useCallback, useRef, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { type EvidenceFields, displayNameOf, evidenceUploadBody } from './evidence-upload-request';
import { type UploadProgress, runTrackedUpload } from '../../components/tracked-upload';
import { EVIDENCE_UPLOAD_MESSAGES } from '../../components/upload-messages';

/** At most this many files upload at once (each holds a live progress stream). */
const CONCURRENCY = 3;

export interface BatchRow {
  key: string;
  name: string;
  filename: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  progress: UploadProgress;
  message: string | null;
}

let nextKey = 0;

/** Uploads many evidence files, each as its own job with its own progress row; one failure stops nothing else. */
export function useBatchUpload(tenantId: string, onSettled: () => void) {
  const client = trpc.useUtils().client;
  const [rows, setRows] = useState<BatchRow[]>([]);
  const queue = useRef<{ key: string; file: File; fields: EvidenceFields }[]>([]);
  const running = useRef(0);

  const update = useCallback((key: string, patch: Partial<BatchRow>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  }, []);

  const pump = useCallback(() => {
    while (running.current < CONCURRENCY && queue.current.length > 0) {
      const job = queue.current.shift()!;
      running.current += 1;
      update(job.key, { state: 'running' });
      runTrackedUpload({
        client,
        path: '/api/evidence/upload',
        body: evidenceUploadBody(job.file, job.fields, displayNameOf(job.file.name)),
        tenantId,
        messages: EVIDENCE_UPLOAD_MESSAGES,
        onProgress: (progress) => update(job.key, { progress }),
      })
        .then((outcome) => {
          const links = outcome.requirementCount;
          update(job.key, { state: 'done', message: `Analyzed · ${links} ${links === 1 ? 'requirement' : 'requirements'} linked` });
        })
        .catch((error: unknown) => {
          update(job.key, { state: 'failed', message: error instanceof Error ? error.message : EVIDENCE_UPLOAD_MESSAGES.fallback(null) });
        })
        .finally(() => {
          running.current -= 1;
          onSettled();
          pump();
        });
    }
  }, [client, tenantId, update, onSettled]);

  const enqueue = useCallback(
    (files: File[], fields: EvidenceFields) => {
      const added = files.map((file) => ({ key: `upload-${nextKey++}`, file, fields }));
      setRows((current) => [
        ...current.filter((row) => row.state === 'queued' || row.state === 'running'),
        ...added.map(({ key, file }) => ({
          key,
          name: displayNameOf(file.name),
          filename: file.name,
          state: 'queued' as const,
          progress: { percent: 0, stage: 'Waiting to upload' },
          message: null,
        })),
      ]);
      queue.current.push(...added);
      pump();
    },
    [pump],
  );

  const busy = rows.some((row) => row.state === 'queued' || row.state === 'running');
  return { rows, enqueue, busy, clear: () => setRows((current) => current.filter((row) => row.state === 'queued' || row.state === 'running')) };
}
