import { describe, expect, it } from 'vitest';
import { FIXTURE_CONTEXT, conversation, createFixtureToolset } from './fixture-toolset';
import { answerLocally } from './local-assistant';

async function ask(question: string, toolset = createFixtureToolset()) {
  const answer = await answerLocally(
    { messages: conversation(question), context: FIXTURE_CONTEXT, tools: toolset.tools },
    { signal: new AbortController().signal, onDelta: () => {} },
  );
  return { text: answer.text, calls: toolset.calls.filter((c) => c.name !== 'get_vocabulary') };
}

describe('the trend of the compliance rate', () => {
  it('answers "how has our score changed in the last 30 days?" from the daily history', async () => {
    const { text, calls } = await ask('How has our score changed in the last 30 days?');
    const call = calls.find((c) => c.name === 'get_compliance_trend');
    expect(call?.args).toEqual({ days: 30 });
    const trend = call!.result as { first: { date: string; compliance_rate: number; compliant: number }; last: { date: string; compliance_rate: number; compliant: number } };
    expect(text).toContain(`went from ${trend.first.compliance_rate}% on ${trend.first.date} to ${trend.last.compliance_rate}% on ${trend.last.date}`);
    expect(text).toContain(`Compliant: ${trend.first.compliant} → ${trend.last.compliant} (+${trend.last.compliant - trend.first.compliant})`);
    expect(text).toMatch(/\(up [\d.]+ points\)/);
    expect(text).not.toMatch(/does not keep a history/);
  });

  it('reads as far back as the question asks', async () => {
    const { calls } = await ask('Show me how our compliance rate has trended over the last 6 months');
    const call = calls.find((c) => c.name === 'get_compliance_trend');
    expect(call).toBeDefined();
    const days = (call!.args as { days: number }).days;
    expect(days).toBeGreaterThanOrEqual(180);
    expect(days).toBeLessThanOrEqual(186);
  });

  it('says plainly when the history does not reach back, with the rate now', async () => {
    const toolset = createFixtureToolset();
    const today = { date: '2026-06-30', compliance_rate: 41.7, compliant: 45, in_progress: 25, not_started: 38, not_applicable: 0 };
    toolset.tools.get_compliance_trend = async () => ({ days: 90, points: [today], first: today, last: today, change: 0 });
    const { text } = await ask('How has our compliance rate changed over the last quarter?', toolset);
    expect(text).toContain('does not keep a history');
    expect(text).toContain('before 2026-06-30');
    expect(text).toContain('**41.7%** now');
  });

  it('answers "what changed this week?" from the activity of the last 7 days', async () => {
    const { calls } = await ask('What changed this week?');
    const call = calls.find((c) => c.name === 'list_activity');
    expect(call).toBeDefined();
    const since = Date.parse((call!.args as { since: string }).since);
    expect(Date.now() - since).toBeLessThanOrEqual(8 * 86_400_000);
  });
});
