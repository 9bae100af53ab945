import { describe, expect, it } from 'vitest';
import { expiryWindow } from './compose-expiry';
import { FIXTURE_CONTEXT, FIXTURE_EVIDENCE, conversation, createFixtureToolset } from './fixture-toolset';
import { answerLocally } from './local-assistant';
import type { EvidenceSummary } from './tools';

const TODAY = '2026-11-27';

/** The fixture's evidence with expiry dates: one expired, one expiring in 12 days, one next year, the rest none. */
const DATED: EvidenceSummary = {
  ...FIXTURE_EVIDENCE,
  today: TODAY,
  documents: FIXTURE_EVIDENCE.documents.map((d) =>
    d.name === 'Access Control Policy'
      ? { ...d, expires_on: '2026-11-20', expired: true, requirement_count: 0 }
      : d.name === 'Backup Procedure'
        ? { ...d, expires_on: '2026-12-09', expired: false }
        : d.name === 'Incident Response Plan'
          ? { ...d, expires_on: '2027-06-30', expired: false }
          : { ...d, expires_on: null, expired: false },
  ),
};

async function ask(question: string, evidence?: EvidenceSummary) {
  const toolset = createFixtureToolset();
  if (evidence) toolset.tools.list_evidence = async () => evidence;
  const answer = await answerLocally({ messages: conversation(question), context: FIXTURE_CONTEXT, tools: toolset.tools }, { signal: new AbortController().signal, onDelta: () => {} });
  return answer.text;
}

describe('expiry window read from the question', () => {
  it('reads days, weeks, months and the end of the year, and defaults to 30 days', () => {
    expect(expiryWindow('Which evidence expires in the next 60 days?', TODAY)).toEqual({ days: 60, label: 'in the next 60 days' });
    expect(expiryWindow('anything expiring within the next 2 weeks?', TODAY)).toEqual({ days: 14, label: 'in the next 2 weeks' });
    expect(expiryWindow('list evidence expiring this year', TODAY)).toEqual({ days: 34, label: 'by the end of 2026' });
    expect(expiryWindow('which evidence expires soon?', TODAY)).toEqual({ days: 30, label: 'in the next 30 days' });
  });
});

describe('the assistant on evidence expiry', () => {
  it('lists what has expired and what expires in the window, from list_evidence', async () => {
    const text = await ask('Which evidence expires in the next 30 days?', DATED);
    expect(text).toMatch(/\*\*1 evidence document expired\*\* and no longer counts as support:\n- \[Access Control Policy\][^\n]*expired on 2026-11-20/);
    expect(text).toMatch(/\*\*1 evidence document expires in the next 30 days\*\*[^\n]*\n- \[Backup Procedure\][^\n]*expires on 2026-12-09 \(in 12 days\)/);
    expect(text).not.toContain('Incident Response Plan');
    expect(text).toContain('2 other documents have no expiry date set.');
    const wider = await ask('Which evidence expires in the next 365 days?', DATED);
    expect(wider).toContain('Incident Response Plan');
  });

  it('answers for one named document', async () => {
    expect(await ask('When does the Backup Procedure evidence expire?', DATED)).toContain('expires on **2026-12-09** (in 12 days)');
    expect(await ask('When does the Access Control Policy evidence expire?', DATED)).toContain('expired on **2026-11-20**');
  });

  it('says plainly when no expiry date is set', async () => {
    expect(await ask('Is any of our evidence expired?')).toMatch(/no expiry date set/);
    expect(await ask('When does the Backup Procedure evidence expire?')).toContain('has no expiry date set');
  });
});
