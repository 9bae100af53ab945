import type { JobStateView } from '@compliance/contracts/documents';
import { readCsrfToken, type trpc } from '../lib/trpc';
import { ANALYSIS_TIMEOUT_MS, PROGRESS_TICK_MS, nextSimulatedPercent, simulatedStage } from './simulated-progress';
import type { UploadMessages } from './upload-messages';

export type TrpcClient = ReturnType<typeof trpc.useUtils>['client'];

export interface UploadProgress {
  percent: number;
  stage: string;
}

export interface UploadOutcome {
  documentId: string;
  requirementCount: number;
}

interface TrackedUploadOptions {
  client: TrpcClient;
  /** The REST route, e.g. /api/contracts/upload; ?wait=false and the tenant are added here. */
  path: string;
  body?: FormData;
  tenantId: string;
  messages: UploadMessages;
  onProgress: (progress: UploadProgress) => void;
}

type JobUpdate = Pick<JobStateView, 'status' | 'stage' | 'percent' | 'error'> & { result?: unknown };

const POLL_MS = 1_500;
const FINISHED = new Set(['completed', 'failed', 'timed_out']);

class UploadFailure extends Error {}

/** Sends the upload and answers the queued job's id, or throws with the spec's message. */
async function startJob(options: TrackedUploadOptions, signal: AbortSignal): Promise<{ document_id: string; job_id: string }> {
  const csrf = readCsrfToken();
  const url = `${options.path}?wait=false&tenant_id=${encodeURIComponent(options.tenantId)}`;
  const response = await fetch(url, {
    method: 'POST',
    body: options.body,
    credentials: 'same-origin',
    headers: csrf ? { 'x-csrf-token': csrf } : {},
    signal,
  });
  if (response.status === 504) throw new UploadFailure(options.messages.timeout);
  const payload = (await response.json().catch(() => null)) as { detail?: unknown; document_id?: string; job_id?: string } | null;
  if (!response.ok || !payload?.job_id || !payload.document_id) {
    const detail = typeof payload?.detail === 'string' && payload.detail ? payload.detail : null;
    throw new UploadFailure(detail ?? options.messages.fallback(response.status));
  }
  return { document_id: payload.document_id, job_id: payload.job_id };
}

/**
 * Uploads (or re-analyses) a document and follows its analysis job to the end: live stages from the
 * jobs.progress subscription, the spec's timer-driven bar only until the first event arrives, polling
 * if the live stream fails, and the 90-second limit over all of it.
 */
export function runTrackedUpload(options: TrackedUploadOptions): Promise<UploadOutcome> {
  const { client, tenantId, messages, onProgress } = options;
  const controller = new AbortController();
  const started = Date.now();
  let percent = 0;
  let live = false;
  let stopStream: () => void = () => {};
  let pollTimer: ReturnType<typeof setTimeout> | undefined;

  onProgress({ percent, stage: simulatedStage(0) });
  const ticker = setInterval(() => {
    if (live) return;
    percent = nextSimulatedPercent(percent);
    onProgress({ percent, stage: simulatedStage(Date.now() - started) });
  }, PROGRESS_TICK_MS);

  return new Promise<UploadOutcome>((resolve, reject) => {
    let documentId = '';
    let settled = false;
    const finish = (error: Error | null, outcome?: UploadOutcome) => {
      if (settled) return;
      settled = true;
      clearInterval(ticker);
      clearTimeout(deadline);
      clearTimeout(pollTimer);
      stopStream();
      controller.abort();
      if (error) reject(error);
      else resolve(outcome!);
    };
    const deadline = setTimeout(() => finish(new UploadFailure(messages.aborted)), ANALYSIS_TIMEOUT_MS);

    const apply = (state: JobUpdate) => {
      if (settled) return;
      live = true;
      if (state.status === 'completed') {
        onProgress({ percent: 100, stage: 'Complete' });
        const count = Number((state.result as { requirement_count?: unknown } | null)?.requirement_count ?? 0);
        finish(null, { documentId, requirementCount: count });
      } else if (state.status === 'failed') {
        finish(new UploadFailure(state.error || messages.fallback(null)));
      } else if (state.status === 'timed_out') {
        finish(new UploadFailure(state.error || messages.timeout));
      } else {
        percent = Math.max(percent, Math.min(99, state.percent));
        onProgress({ percent, stage: state.stage || simulatedStage(Date.now() - started) });
      }
    };

    const poll = (jobId: string) => {
      if (settled) return;
      client.jobs.get
        .query({ id: jobId, tenant_id: tenantId })
        .then((state) => {
          apply(state);
          if (!FINISHED.has(state.status)) pollTimer = setTimeout(() => poll(jobId), POLL_MS);
        })
        .catch(() => {
          pollTimer = setTimeout(() => poll(jobId), POLL_MS);
        });
    };

    startJob(options, controller.signal)
      .then(({ document_id, job_id }) => {
        documentId = document_id;
        if (settled) return;
        const subscription = client.jobs.progress.subscribe(
          { id: job_id, tenant_id: tenantId },
          {
            onData: (state) => apply(state as JobUpdate),
            onError: () => {
              stopStream();
              poll(job_id);
            },
            onComplete: () => poll(job_id),
          },
        );
        stopStream = () => subscription.unsubscribe();
      })
      .catch((error: unknown) => {
        if (settled) return;
        finish(error instanceof UploadFailure ? error : new UploadFailure(messages.fallback(null)));
      });
  });
}
