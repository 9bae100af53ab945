import { DocumentError } from './document-error';

/** 2 million characters is about 300,000 words: far beyond any contract or policy the analysis is for. */
export const DEFAULT_MAX_CHARS = 2_000_000;

export function tooMuchTextError(maxChars: number): DocumentError {
  return new DocumentError(
    'TOO_LARGE',
    `The document contains more than ${maxChars.toLocaleString('en-US')} characters of text, which is more than can be analysed at once. Split it into smaller files.`,
  );
}

/** Counts text as an extractor produces it, page by page or sheet by sheet, and stops as soon as the cap is passed. */
export class TextBudget {
  private used = 0;

  constructor(private readonly maxChars: number) {}

  spend(characters: number): void {
    this.used += characters;
    if (this.used > this.maxChars) throw tooMuchTextError(this.maxChars);
  }
}
