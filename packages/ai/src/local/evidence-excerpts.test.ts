import { describe, expect, it } from 'vitest';
import { isFramingPassage, quoteSentences } from './evidence-excerpts';
import { termsOf } from './nlp';
import { segmentText } from './segmenter';

const weightsOf = (text: string) => new Map(termsOf(text).index.map((term) => [term, 1] as const));

function spansOf(text: string) {
  const segmented = segmentText(text, { tables: false });
  return { tokens: segmented.tokens, spans: segmented.segments.map((s) => ({ start: s.start, end: s.end, label: s.kind === 'heading' })) };
}

describe('isFramingPassage', () => {
  it.each([
    ['Scope', 'It covers all staff.'],
    ['2. Purpose', 'Information is protected.'],
    [null, 'This policy applies to all employees, contractors and temporary staff.'],
    [null, 'The purpose of this standard is to set out how passwords are managed.'],
    [null, 'These rules explain how staff handle customer information.'],
  ])('%s / %s frames the document', (heading, text) => {
    expect(isFramingPassage(heading, text)).toBe(true);
  });

  it.each([
    ['Remote access', 'MFA is enforced for all remote access.'],
    [null, 'Passwords must be at least 14 characters long.'],
    ['Backups', 'This job runs nightly and applies retention of 35 days.'],
  ])('%s / %s states a control', (heading, text) => {
    expect(isFramingPassage(heading, text)).toBe(false);
  });
});

describe('quoteSentences', () => {
  it('quotes the whole sentence that states the control, not the passage around it', () => {
    const text = 'Access is reviewed by owners. MFA is enforced for all remote access. Sessions are logged.';
    const { tokens, spans } = spansOf(text);
    const quote = quoteSentences(text, tokens, spans, weightsOf('multi-factor authentication mfa remote access'));
    expect(text.slice(quote.start, quote.end)).toBe('MFA is enforced for all remote access.');
  });

  it('prefers a statement to a sentence saying what the document covers', () => {
    const text = 'This policy applies to remote access by all staff. Remote access requires MFA on every connection.';
    const { tokens, spans } = spansOf(text);
    const quote = quoteSentences(text, tokens, spans, weightsOf('remote access mfa'));
    expect(text.slice(quote.start, quote.end)).toBe('Remote access requires MFA on every connection.');
  });

  it('follows a sentence a PDF wrapped onto the next lines to its full stop', () => {
    const text = 'Section 2. Asset Management\n\nOwners must review these controls at least annually, record exceptions with a documented risk acceptance,\nand retain evidence of each review for no less than three years. Staff receive training.';
    const quote = quoteSentences(text, segmentText(text).tokens, [{ start: 29, end: 131, label: false }], weightsOf('review controls annually exceptions'));
    expect(text.slice(quote.start, quote.end)).toBe(
      'Owners must review these controls at least annually, record exceptions with a documented risk acceptance,\nand retain evidence of each review for no less than three years.',
    );
  });

  it('goes back to where a wrapped sentence began when the quote starts on its second line', () => {
    const text = 'Evidence is kept for three years. Staff who operate asset management\nprocedures receive training before they are given access.';
    const second = text.indexOf('procedures');
    const quote = quoteSentences(text, segmentText(text).tokens, [{ start: second, end: text.length, label: false }], weightsOf('training access'));
    expect(text.slice(quote.start, quote.end)).toBe('Staff who operate asset management\nprocedures receive training before they are given access.');
  });

  it('quotes the lines of a settings block that name the setting, whole', () => {
    const text = '{\n  "MinimumPasswordLength": 14,\n  "RequireSymbols": true,\n  "SessionTimeout": 15\n}';
    const quote = quoteSentences(text, segmentText(text).tokens, [{ start: 0, end: text.length, label: false }], weightsOf('password length'));
    expect(text.slice(quote.start, quote.end)).toBe('"MinimumPasswordLength": 14,');
  });

  it('widens a quote that a split inside the sentence (a version number read as a marker) left partial', () => {
    const text = 'Remote access follows the Access Policy v3.2 and requires MFA for every session.';
    const cut = text.indexOf('v3.2');
    const spans = [
      { start: 0, end: cut - 1, label: false },
      { start: cut, end: text.length, label: false },
    ];
    const quote = quoteSentences(text, segmentText(text).tokens, spans, weightsOf('mfa session'));
    expect(text.slice(quote.start, quote.end)).toBe(text);
  });

  it('falls back to the whole passage when no sentence names the requirement', () => {
    const text = 'Doors are locked. Visitors sign in.';
    const { tokens, spans } = spansOf(text);
    const quote = quoteSentences(text, tokens, spans, weightsOf('encryption'));
    expect(text.slice(quote.start, quote.end)).toBe(text);
  });
});
