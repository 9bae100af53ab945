import { DocumentError } from './document-error';

export interface XmlCensusLimits {
  /** Elements open at once; OOXML written by Office stays well under 100. */
  maxDepth: number;
  /**
   * Bytes of one part. The readers hold a part whole, partly outside the V8 heap (inflated buffers) where
   * the parser thread's heap cap does not reach, so its size is bounded here.
   */
  maxPartBytes: number;
  /** Local element name (prefix dropped: 'w:p' counts as 'p') → how many may occur, open or self-closing, over all parts fed. */
  maxElements: Record<string, { limit: number; error: () => DocumentError }>;
}

export function tooComplexError(detail: string): DocumentError {
  return new DocumentError('TOO_LARGE', `This file is too large or complex to read safely (${detail}). Split it into smaller files or save it again in a simpler form, then upload it again.`);
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const COLON = 0x3a;
const BANG = 0x21;
const QUESTION = 0x3f;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const MAX_NAME = 24;

const enum State {
  Text,
  TagStart,
  Name,
  Attributes,
  Quoted,
  Bang,
  Skip,
}

function isNameEnd(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === SLASH || byte === GT;
}

/**
 * Counts elements of an XML part as its bytes stream past (straight out of the inflater, nothing kept),
 * and throws as soon as the nesting gets too deep or a counted element passes its limit, so a hostile part
 * is refused after reading only as much of it as proves the point. Comments and CDATA are skipped to
 * their end, declarations and processing instructions to their first '>'.
 */
export class XmlCensus {
  private state = State.Text;
  private depth = 0;
  private closing = false;
  private name = '';
  private previous = 0;
  private quote = 0;
  /** What ends a skipped construct: '-->' for a comment, ']]>' for CDATA, else the first '>'. */
  private terminator = '';
  private skipped = '';
  private readonly counts = new Map<string, number>();
  private partBytes = 0;

  constructor(private readonly limits: XmlCensusLimits) {}

  /** Starts a new part: depth is per part, counts carry over. */
  startPart(): void {
    this.state = State.Text;
    this.depth = 0;
    this.partBytes = 0;
  }

  feed(chunk: Uint8Array): void {
    this.partBytes += chunk.length;
    if (this.partBytes > this.limits.maxPartBytes) {
      throw tooComplexError(`one of its parts unpacks to more than ${Math.round(this.limits.maxPartBytes / (1024 * 1024))} MB of XML`);
    }
    for (let index = 0; index < chunk.length; index += 1) {
      const byte = chunk[index]!;
      switch (this.state) {
        case State.Text:
          if (byte === LT) this.state = State.TagStart;
          break;
        case State.TagStart:
          if (byte === BANG) this.state = State.Bang;
          else if (byte === QUESTION) this.skip('>');
          else {
            this.closing = byte === SLASH;
            this.name = this.closing ? '' : String.fromCharCode(byte);
            this.state = State.Name;
          }
          break;
        case State.Name:
          if (isNameEnd(byte)) {
            this.state = State.Attributes;
            this.previous = byte;
            if (byte === GT) this.endTag(false);
          } else if (byte === COLON) this.name = '';
          else if (this.name.length < MAX_NAME) this.name += String.fromCharCode(byte);
          break;
        case State.Attributes:
          if (byte === QUOTE || byte === APOSTROPHE) {
            this.quote = byte;
            this.state = State.Quoted;
          } else if (byte === GT) this.endTag(this.previous === SLASH);
          this.previous = byte;
          break;
        case State.Quoted:
          if (byte === this.quote) this.state = State.Attributes;
          break;
        case State.Bang:
          this.skip(byte === 0x2d ? '-->' : byte === 0x5b ? ']]>' : '>');
          break;
        case State.Skip:
          this.skipped = (this.skipped + String.fromCharCode(byte)).slice(-3);
          if (byte === GT && this.skipped.endsWith(this.terminator)) this.state = State.Text;
          break;
      }
    }
  }

  private skip(terminator: string): void {
    this.state = State.Skip;
    this.terminator = terminator;
    this.skipped = '';
  }

  private endTag(selfClosing: boolean): void {
    this.state = State.Text;
    if (this.closing) {
      this.depth = Math.max(0, this.depth - 1);
      return;
    }
    if (!selfClosing) {
      this.depth += 1;
      if (this.depth > this.limits.maxDepth) throw tooComplexError(`its XML is nested more than ${this.limits.maxDepth} levels deep`);
    }
    const counted = this.limits.maxElements[this.name];
    if (!counted) return;
    const count = (this.counts.get(this.name) ?? 0) + 1;
    this.counts.set(this.name, count);
    if (count > counted.limit) throw counted.error();
  }
}
