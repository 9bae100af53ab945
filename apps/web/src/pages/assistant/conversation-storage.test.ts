import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAssistantConversations } from '../../auth/browser-storage';
import {
  STORED_MAX_CHARS,
  STORED_MAX_MESSAGES,
  type StoredMessage,
  conversationKey,
  loadConversation,
  saveConversation,
} from './conversation-storage';

/** An in-memory stand-in for window.sessionStorage. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

const user = (content: string): StoredMessage => ({ role: 'user', content });
const ai = (content: string, sources?: string[]): StoredMessage => (sources ? { role: 'assistant', content, sources } : { role: 'assistant', content });

afterEach(() => vi.unstubAllGlobals());

describe('the remembered assistant conversation', () => {
  it('reads back what was saved, with the sources of each answer', () => {
    const store = memoryStorage();
    const conversation = [user('What is our overall compliance rate?'), ai('It is **42%**.', ['get_compliance_summary'])];
    saveConversation('tenant-a', conversation, store);
    expect(store.getItem('assistant:conversation:tenant-a')).not.toBeNull();
    expect(loadConversation('tenant-a', store)).toEqual(conversation);
  });

  it('keeps only role, content and sources (no ids or streaming flags)', () => {
    const store = memoryStorage();
    const shown = [{ ...user('Hi'), id: 'message-1' }, { ...ai('Hello', []), id: 'message-2', streaming: false }];
    saveConversation('tenant-a', shown, store);
    expect(JSON.parse(store.getItem(conversationKey('tenant-a'))!)).toEqual([user('Hi'), ai('Hello', [])]);
  });

  it("keeps each tenant's conversation apart", () => {
    const store = memoryStorage();
    saveConversation('tenant-a', [user('About A')], store);
    saveConversation('tenant-b', [user('About B'), ai('B answer')], store);
    expect(loadConversation('tenant-a', store)).toEqual([user('About A')]);
    expect(loadConversation('tenant-b', store)).toEqual([user('About B'), ai('B answer')]);
    expect(loadConversation('tenant-c', store)).toEqual([]);
  });

  it('keeps only the newest 50 messages', () => {
    const store = memoryStorage();
    const long = Array.from({ length: 80 }, (_, i) => (i % 2 ? ai(`answer ${i}`) : user(`question ${i}`)));
    saveConversation('tenant-a', long, store);
    const kept = loadConversation('tenant-a', store);
    expect(kept).toHaveLength(STORED_MAX_MESSAGES);
    expect(kept).toEqual(long.slice(-STORED_MAX_MESSAGES));
  });

  it('keeps the newest messages within the character bound', () => {
    const store = memoryStorage();
    const big = 'x'.repeat(STORED_MAX_CHARS / 2);
    saveConversation('tenant-a', [user(big), ai(big), user('newest')], store);
    expect(loadConversation('tenant-a', store)).toEqual([ai(big), user('newest')]);
  });

  it('bounds a stored conversation that is too long when reading it too', () => {
    const store = memoryStorage();
    const long = Array.from({ length: 60 }, (_, i) => user(`q${i}`));
    store.setItem(conversationKey('tenant-a'), JSON.stringify(long));
    expect(loadConversation('tenant-a', store)).toEqual(long.slice(-STORED_MAX_MESSAGES));
  });

  it('reads corrupt or foreign data as no conversation', () => {
    const store = memoryStorage();
    const stored = ['{not json', '"text"', '{"role":"user"}', '[{"role":"system","content":"x"}]', '[{"role":"user","content":3}]', '[{"role":"assistant","content":"x","sources":"s"}]', 'null'];
    for (const text of stored) {
      store.setItem(conversationKey('tenant-a'), text);
      expect(loadConversation('tenant-a', store), text).toEqual([]);
    }
  });

  it('forgets the conversation when it is emptied', () => {
    const store = memoryStorage();
    saveConversation('tenant-a', [user('Hi')], store);
    saveConversation('tenant-a', [], store);
    expect(store.getItem(conversationKey('tenant-a'))).toBeNull();
  });

  it('reads nothing and saves nothing when storage is unavailable or full', () => {
    const full = { ...memoryStorage(), setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(() => saveConversation('tenant-a', [user('Hi')], full)).not.toThrow();
    expect(loadConversation('tenant-a', null)).toEqual([]);
    const broken = { ...memoryStorage(), getItem: () => { throw new Error('SecurityError'); } };
    expect(loadConversation('tenant-a', broken)).toEqual([]);
  });

  it('logging out forgets every tenant\'s conversation and nothing else', () => {
    const store = memoryStorage();
    vi.stubGlobal('window', { sessionStorage: store });
    saveConversation('tenant-a', [user('A')], store);
    saveConversation('tenant-b', [user('B')], store);
    store.setItem('other', 'kept');
    clearAssistantConversations();
    expect(loadConversation('tenant-a', store)).toEqual([]);
    expect(loadConversation('tenant-b', store)).toEqual([]);
    expect(store.length).toBe(1);
    expect(store.getItem('other')).toBe('kept');
  });
});
