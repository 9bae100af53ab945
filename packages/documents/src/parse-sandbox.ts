import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { DocumentError } from './document-error';
import { type ExtractedText, type ExtractTextOptions, joinPdfShares } from './extract-text';
import type { FileKind } from './file-type';
import type { ParseOptions, ParseReply, ParseRequest } from './parse-messages';
import type { PdfPages } from './pdf-text';

export interface SandboxLimits {
  /** The parser thread's V8 heap. Every limit of extractText keeps a real file far below it. */
  maxHeapMb: number;
  /** A parse still running after this is stopped (its thread ended). */
  timeLimitMs: number;
  /** Warm threads kept between parses (pdf.js and SheetJS loaded); more run when more are asked for at once. */
  maxIdle: number;
}

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  // Two parses at once (the default job concurrency), a PDF's in two threads each, stay under 1.6 GB together.
  maxHeapMb: 384,
  // A legitimate file takes a few seconds at most; two tries still fit inside the job's 90 s deadline.
  timeLimitMs: 30_000,
  maxIdle: 2,
};

export interface IsolatedExtractOptions extends ExtractTextOptions {
  /** Move the bytes to the thread rather than copy them; the caller must not use the buffer again. */
  handOver?: boolean;
}

export type ParserCrashReason = 'memory' | 'time' | 'exit';

const CRASH_MESSAGES: Record<ParserCrashReason, string> = {
  memory: 'This file is too large or complex to read safely: reading it needed more memory than allowed.',
  time: 'This file is too large or complex to read safely: reading it took too long.',
  exit: 'This file is too large or complex to read safely: the reader stopped unexpectedly.',
};

/**
 * The parser thread ran out of memory, out of time or died. The process that asked is unharmed; the
 * message is fit for the uploader. Not a DocumentError: a single crash may be bad luck, and the caller
 * decides (the analysis job fails the file after its second crash).
 */
export class ParserCrashedError extends Error {
  constructor(readonly reason: ParserCrashReason) {
    super(CRASH_MESSAGES[reason]);
    this.name = 'ParserCrashedError';
  }
}

export function isParserCrash(error: unknown): error is ParserCrashedError {
  return error instanceof ParserCrashedError;
}

const ENTRY = new URL('./parse-worker-entry.mjs', import.meta.url);

/**
 * Threads that read one PDF at once, each every n-th page (pdf.js reads pages one after another, and its
 * page work is nearly all of a PDF's cost: two threads read a 20-page policy in about half the time).
 * One per core, at most two.
 */
export const PDF_READERS = Math.min(2, availableParallelism());
/** A PDF larger than this is read by one thread: its bytes are copied to each reader. */
const SHARED_PDF_MAX_BYTES = 16 * 1024 * 1024;

function spawnParser(limits: SandboxLimits): Worker {
  return new Worker(ENTRY, {
    // No flags of the parent (test runners, inspectors); the entry loads tsx itself.
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 32 },
    stdout: false,
    stderr: false,
  });
}

function crashReason(error: unknown): ParserCrashReason {
  return (error as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'exit';
}

function toError(reply: Extract<ParseReply, { ok: false }>): Error {
  if (reply.error.documentError) return new DocumentError(reply.error.documentError.code, reply.error.message);
  return new Error(reply.error.message);
}

/**
 * Runs every parse in a worker thread with a heap cap and a time limit, so a hostile file can exhaust
 * only its own thread: the caller's event loop stays free and its process stays up. Threads are reused
 * while healthy; one that crashed or overran is ended and replaced on the next parse.
 */
export class ParserPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Set<Worker>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly limits: SandboxLimits = DEFAULT_SANDBOX_LIMITS) {}

  /**
   * Reads the file in a thread. With `handOver`, a buffer that owns its whole memory (as a file read from
   * the database does) is moved to the thread instead of copied, and is empty here afterwards.
   */
  async extract(buffer: Buffer, kind: FileKind, options: IsolatedExtractOptions = {}): Promise<ExtractedText> {
    const { signal, handOver, ...plain } = options;
    if (kind === 'pdf' && PDF_READERS > 1 && buffer.length <= SHARED_PDF_MAX_BYTES) return this.extractPdfShared(buffer, plain, signal);
    const owned = buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength && buffer.buffer instanceof ArrayBuffer;
    const transfer = handOver && owned ? [buffer.buffer as ArrayBuffer] : [];
    const reply = await this.run({ id: this.nextId++, task: 'extract', bytes: buffer, kind, options: plain }, signal, transfer);
    return reply as ExtractedText;
  }

  /**
   * A PDF read by PDF_READERS threads at once, each its share of the pages, put back in page order. Each
   * thread keeps its own limits; the first failure is the answer (a file that fails one share fails the
   * other the same way, and that thread finishes on its own).
   */
  private async extractPdfShared(buffer: Buffer, options: ParseOptions, signal?: AbortSignal): Promise<ExtractedText> {
    const shares = Array.from({ length: PDF_READERS }, (_, index) => this.run({ id: this.nextId++, task: 'pdf-share', bytes: buffer, options, share: { index, of: PDF_READERS } }, signal));
    return joinPdfShares((await Promise.all(shares)) as PdfPages[], options);
  }

  /** Starts the threads a PDF is read by and has each read a small PDF, so the first real parse pays for neither. */
  async warmUp(): Promise<void> {
    await Promise.all(Array.from({ length: PDF_READERS }, () => this.run({ id: this.nextId++, task: 'warm-up' })));
  }

  /** Ends every thread; parses in progress fail. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.idle.splice(0), ...this.busy].map((worker) => worker.terminate()));
  }

  /**
   * A new thread. Its lasting listeners keep an idle thread's death harmless: an 'error' with no listener
   * would end this process, and a dead thread must not be handed the next file.
   */
  private spawn(): Worker {
    const worker = spawnParser(this.limits);
    worker.on('error', () => undefined);
    worker.once('exit', () => {
      const index = this.idle.indexOf(worker);
      if (index !== -1) this.idle.splice(index, 1);
    });
    return worker;
  }

  private run(request: ParseRequest, signal?: AbortSignal, transfer: ArrayBuffer[] = []): Promise<ExtractedText | PdfPages | null> {
    signal?.throwIfAborted();
    if (this.closed) return Promise.reject(new Error('The parser pool is closed'));
    const worker = this.idle.pop() ?? this.spawn();
    worker.ref();
    this.busy.add(worker);
    return new Promise<ExtractedText | PdfPages | null>((resolve, reject) => {
      let healthy = true;
      const settle = (after: () => void) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        this.busy.delete(worker);
        if (healthy && !this.closed && this.idle.length < this.limits.maxIdle) {
          worker.unref();
          this.idle.push(worker);
        } else void worker.terminate();
        after();
      };
      const fail = (error: unknown) => {
        healthy = false;
        settle(() => reject(error));
      };
      const onMessage = (reply: ParseReply) => {
        if (reply.id !== request.id) return;
        settle(() => (reply.ok ? resolve(reply.result) : reject(toError(reply))));
      };
      const onError = (error: unknown) => fail(new ParserCrashedError(crashReason(error)));
      const onExit = () => fail(new ParserCrashedError('exit'));
      const onAbort = () => fail(signal?.reason);
      const timer = setTimeout(() => fail(new ParserCrashedError('time')), this.limits.timeLimitMs);
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.postMessage(request, transfer);
    });
  }
}

let shared: ParserPool | undefined;

/** The process's pool (the default limits unless configureParserPool said otherwise). */
export function getParserPool(): ParserPool {
  shared ??= new ParserPool();
  return shared;
}

/** Sets the limits of the process's pool (from the app's configuration); threads already started end. */
export function configureParserPool(limits: Partial<SandboxLimits>): ParserPool {
  void shared?.close();
  const defined = Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined));
  shared = new ParserPool({ ...DEFAULT_SANDBOX_LIMITS, ...defined });
  return shared;
}

/** extractText in the process's parser pool: same options, same result, same DocumentErrors. */
export function extractTextIsolated(buffer: Buffer, kind: FileKind, options: IsolatedExtractOptions = {}): Promise<ExtractedText> {
  return getParserPool().extract(buffer, kind, options);
}

/** For shutdown: ends the process's parser threads, if any were started. */
export async function closeParserPool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
