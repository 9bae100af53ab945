import { describe, expect, it } from 'vitest';
import { passageTerms, rankPassages } from './passages';

describe('passage ranking', () => {
  it('ranks a verb and its noun as one word (notify, notification, notified)', () => {
    expect(passageTerms('notification')).toEqual(passageTerms('notify'));
    expect(passageTerms('notified')).toEqual(passageTerms('notify'));
    const ranked = rankPassages('breach notification', [{ text: 'The HIPAA Rules on Breach and Enforcement.' }, { text: 'The processor shall notify the controller of a breach within ten calendar days.' }], { total: 2, averageLength: 8 });
    expect(ranked[0]!.item.text).toContain('ten calendar days');
  });

  it('stems a word and its plural alike (session, sessions)', () => {
    expect(passageTerms('session timeout')[0]).toEqual(passageTerms('electronic sessions')[1]);
  });

  it("puts a figure next to the thing counted, and the question's words side by side, first", () => {
    const candidates = [
      { text: 'Findings were reviewed by the security team; high findings are fixed first and findings are tracked weekly.' },
      { text: 'Summary by severity: Critical: 2 | High: 11 | Medium: 58 findings in total across hosts.' },
    ];
    expect(rankPassages('how many high findings were there?', candidates, { total: 10, averageLength: 15 })[0]!.item).toBe(candidates[1]);
    const numbers = [{ text: 'The certificate was issued by an accredited body; this certificate is valid for three years.' }, { text: 'Certificate number: IS 1234. Issued by an accredited body.' }];
    expect(rankPassages("what's the certificate number?", numbers, { total: 10, averageLength: 12 })[0]!.item).toBe(numbers[1]);
  });
});
