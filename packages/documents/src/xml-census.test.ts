import { describe, expect, it } from 'vitest';
import { DocumentError } from './document-error';
import { tooComplexError, XmlCensus } from './xml-census';

function census(maxDepth: number, paragraphs = 1_000, maxPartBytes = 1_000_000): XmlCensus {
  return new XmlCensus({ maxDepth, maxPartBytes, maxElements: { p: { limit: paragraphs, error: () => tooComplexError(`more than ${paragraphs} paragraphs`) } } });
}

function feedInBytes(target: XmlCensus, xml: string): void {
  // One byte at a time: a tag cut anywhere between chunks must count the same.
  for (const byte of Buffer.from(xml)) target.feed(Uint8Array.of(byte));
}

describe('XmlCensus', () => {
  it('accepts nesting up to the limit, counting self-closing, prefixed and attributed elements right', () => {
    const xml = '<?xml version="1.0"?><!-- <a><a><a> --><w:document a="1>2"><w:body><w:p/><w:p w:x=\'/\'>x</w:p></w:body></w:document>';
    expect(() => feedInBytes(census(3, 2), xml)).not.toThrow();
  });

  it('refuses one level too deep, whichever chunk the tag arrives in', () => {
    expect(() => feedInBytes(census(3), '<a><b><c><d>')).toThrow(/nested more than 3 levels deep/);
    expect(() => census(3).feed(Buffer.from('<a><b><c></c><c/></b></a>'))).not.toThrow();
  });

  it('refuses the first counted element past its limit', () => {
    const error = (() => {
      try {
        census(10, 2).feed(Buffer.from('<w:body><w:p/><w:p></w:p><w:p/>'));
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(DocumentError);
    expect((error as DocumentError).code).toBe('TOO_LARGE');
    expect((error as DocumentError).message).toMatch(/^This file is too large or complex to read safely \(more than 2 paragraphs\)/);
  });

  it('keeps counts across parts and starts each part at depth zero', () => {
    const target = census(2, 3);
    target.startPart();
    target.feed(Buffer.from('<a><p>'));
    target.startPart();
    target.feed(Buffer.from('<a><p/>'));
    target.startPart();
    expect(() => target.feed(Buffer.from('<p/><p/>'))).toThrow(/more than 3 paragraphs/);
  });

  it('refuses a part past its byte limit, counting each part from zero', () => {
    const target = census(10, 1_000, 10);
    target.startPart();
    target.feed(Buffer.from('<a>12345</a>'.slice(0, 10)));
    target.startPart();
    target.feed(Buffer.from('<a>1234'));
    expect(() => target.feed(Buffer.from('56789'))).toThrow(/one of its parts unpacks to more than/);
  });
});
