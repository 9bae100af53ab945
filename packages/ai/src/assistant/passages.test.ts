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
});
