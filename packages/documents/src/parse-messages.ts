import type { DocumentErrorCode } from './document-error';
import type { ExtractedText, ExtractTextOptions } from './extract-text';
import type { FileKind } from './file-type';
import type { PdfPages, PdfShare } from './pdf-text';

/** What crosses the thread boundary: plain data only (no signal, no class instances). */
export type ParseOptions = Omit<ExtractTextOptions, 'signal'>;

export type ParseRequest =
  | { id: number; task: 'extract'; bytes: Uint8Array; kind: FileKind; options: ParseOptions }
  | { id: number; task: 'pdf-share'; bytes: Uint8Array; options: ParseOptions; share: PdfShare }
  | { id: number; task: 'warm-up' };

export type ParseReply =
  | { id: number; ok: true; result: ExtractedText | PdfPages | null }
  | { id: number; ok: false; error: { documentError: { code: DocumentErrorCode } | null; message: string } };
