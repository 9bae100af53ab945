import { CHAT_MAX_MESSAGES, type ChatMessage } from '@compliance/contracts/assistant';
import { describe, expect, it } from 'vitest';
import { ANSWER_EXCERPT_CHARS, boundedHistory, newestMessages } from './chat-history';

const user = (content: string): ChatMessage => ({ role: 'user', content });
const ai = (content: string): ChatMessage => ({ role: 'assistant', content });

describe('boundedHistory', () => {
  it('sends the whole conversation when it fits, the new question last', () => {
    const previous = [user('What is our rate?'), ai('It is 42%.')];
    expect(boundedHistory(previous, 'Which domain is weakest?')).toEqual([...previous, user('Which domain is weakest?')]);
  });

  it('keeps the newest messages that fit and drops the older ones', () => {
    const previous = [user('a'.repeat(50)), ai('b'.repeat(30)), user('c'.repeat(30))];
    const sent = boundedHistory(previous, 'd'.repeat(30), 100);
    expect(sent.map((m) => m.content[0])).toEqual(['b', 'c', 'd']);
    expect(sent.reduce((total, m) => total + m.content.length, 0)).toBeLessThanOrEqual(100);
  });

  it('stops at the first message that does not fit, leaving no gap', () => {
    const previous = [user('short'), ai('x'.repeat(500)), user('recent')];
    expect(boundedHistory(previous, 'new', 100)).toEqual([user('recent'), user('new')]);
  });

  it('sends only the opening of a long answer, so the question before it still goes with a follow-up', () => {
    const previous = [user('Which requirements does the Cryptography Standard support?'), ai('- Requirement 4.1 …\n'.repeat(600))];
    const sent = boundedHistory(previous, 'and the patch standard?');
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(sent[1]!.content.length).toBe(ANSWER_EXCERPT_CHARS);
    expect(sent[1]!.content.endsWith('…')).toBe(true);
  });

  it('always sends the new question, even when it alone is over the budget', () => {
    expect(boundedHistory([user('old')], 'q'.repeat(150), 100)).toEqual([user('q'.repeat(150))]);
  });

  it('never sends more messages than the server accepts', () => {
    const previous = Array.from({ length: 80 }, (_, i) => (i % 2 ? ai('ok') : user('hi')));
    expect(boundedHistory(previous, 'last')).toHaveLength(CHAT_MAX_MESSAGES);
  });
});

describe('newestMessages', () => {
  it('keeps the newest messages within the count and the character budget, in order', () => {
    const messages = [user('one'), ai('two'), user('three'), ai('four')];
    expect(newestMessages(messages, 2, 1_000)).toEqual([user('three'), ai('four')]);
    expect(newestMessages(messages, 10, 9)).toEqual([user('three'), ai('four')]);
    expect(newestMessages(messages, 10, 1_000)).toEqual(messages);
  });
});
