import { CHAT_ROLES, type ChatMessage } from '@compliance/contracts/assistant';
import { ASSISTANT_CONVERSATION_PREFIX } from '../../auth/browser-storage';
import { newestMessages } from './chat-history';

/** Messages kept per tenant: the newest 50, as many as one question may send. */
export const STORED_MAX_MESSAGES = 50;
/** Characters kept per tenant, so a few long conversations stay well inside the browser's quota. */
export const STORED_MAX_CHARS = 200_000;

/** A completed message as remembered: an answer keeps its sources. */
export interface StoredMessage extends ChatMessage {
  sources?: string[];
}

/** The part of the Web Storage interface used here (sessionStorage in the browser). */
export type ConversationStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function conversationKey(tenantId: string): string {
  return `${ASSISTANT_CONVERSATION_PREFIX}${tenantId}`;
}

function sessionStore(): ConversationStore | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function isStoredMessage(value: unknown): value is StoredMessage {
  if (!value || typeof value !== 'object') return false;
  const { role, content, sources } = value as Record<string, unknown>;
  return (
    (CHAT_ROLES as readonly unknown[]).includes(role) &&
    typeof content === 'string' &&
    (sources === undefined || (Array.isArray(sources) && sources.every((s) => typeof s === 'string')))
  );
}

function bounded(messages: readonly StoredMessage[]): StoredMessage[] {
  return newestMessages(messages, STORED_MAX_MESSAGES, STORED_MAX_CHARS).map(({ role, content, sources }) =>
    sources ? { role, content, sources } : { role, content },
  );
}

/** The tenant's remembered conversation; anything unreadable (corrupt or foreign data) reads as none. */
export function loadConversation(tenantId: string, store: ConversationStore | null = sessionStore()): StoredMessage[] {
  let parsed: unknown;
  try {
    const text = store?.getItem(conversationKey(tenantId));
    if (!text) return [];
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed) || !parsed.every(isStoredMessage)) return [];
  return bounded(parsed);
}

/** Remembers the tenant's conversation (the newest messages within the bounds); an empty one is forgotten. */
export function saveConversation(tenantId: string, messages: readonly StoredMessage[], store: ConversationStore | null = sessionStore()) {
  const kept = bounded(messages);
  try {
    if (kept.length === 0) store?.removeItem(conversationKey(tenantId));
    else store?.setItem(conversationKey(tenantId), JSON.stringify(kept));
  } catch {
    // Storage full or unavailable: the conversation lasts as long as the page.
  }
}
