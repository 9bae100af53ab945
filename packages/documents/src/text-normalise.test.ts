import { describe, expect, it } from 'vitest';
import { countWords, normaliseText } from './text-normalise';

describe('normaliseText', () => {
  it('unifies line ends, page breaks and odd spaces, and removes invisible and control characters', () => {
    expect(normaliseText('a\r\nb\rc\fd\u2028e')).toBe('a\nb\nc\n\nd\ne');
    expect(normaliseText('x\u00a0\u2003y\u200b z\u0007\u00ad')).toBe('x y z');
  });

  it('keeps tabs between cells but trims them at line ends, and collapses blank lines', () => {
    expect(normaliseText('A\t\tB\t\t\n\n\n\n   C   D  ')).toBe('A\t\tB\n\nC D');
  });

  it('composes accents (NFC)', () => {
    expect(normaliseText('Cafe\u0301')).toBe('Café');
  });
});

describe('countWords', () => {
  it('counts words and numbers, keeping clause numbers, hyphenated words and contractions whole', () => {
    expect(countWords("2.3 The Supplier's AES-256 keys — rotated yearly.")).toBe(7);
    expect(countWords('')).toBe(0);
  });
});
