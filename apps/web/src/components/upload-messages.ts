/** The spec's texts (section 8) for uploads and re-analysis that fail or run out of time. */
export interface UploadMessages {
  /** The server answered 504, or the job itself timed out. */
  timeout: string;
  /** The client gave up after 90 seconds. */
  aborted: string;
  /** No detail from the server. */
  fallback: (status: number | null) => string;
}

export const EVIDENCE_UPLOAD_MESSAGES: UploadMessages = {
  timeout:
    'The analysis is taking longer than expected. This can happen with large documents or when analyzing against many requirements. Please try uploading a smaller document or contact support if this persists.',
  aborted:
    'The document analysis took too long (over 90 seconds). Large documents may require several minutes to analyze against all security requirements. Please try again, or contact support if this issue persists.',
  fallback: (status) => (status === null ? 'Upload failed' : `Upload failed with status ${status}`),
};

export const CONTRACT_UPLOAD_MESSAGES: UploadMessages = {
  timeout: EVIDENCE_UPLOAD_MESSAGES.timeout,
  aborted: EVIDENCE_UPLOAD_MESSAGES.aborted,
  fallback: () => 'Failed to upload contract',
};

export const REANALYZE_MESSAGES: UploadMessages = {
  timeout: 'Re-analysis is taking longer than expected. Please try again in a moment.',
  aborted: 'The re-analysis took too long. Please try again.',
  fallback: () => 'Failed to re-analyze evidence',
};
