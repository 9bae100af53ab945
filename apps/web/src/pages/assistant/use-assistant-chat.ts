import type { ChatMessage } from '@compliance/contracts/assistant';
import { useEffect, useRef, useState } from 'react';
import { failureMessage } from '../../components/error-detail';
import { trpc } from '../../lib/trpc';
import { boundedHistory } from './chat-history';
import { loadConversation, saveConversation } from './conversation-storage';

export const CHAT_FAILED = 'Failed to get response from AI assistant';
/** The server answers within 90 seconds or reports a time-out; past this the connection is presumed lost. */
const ANSWER_LIMIT_MS = 100_000;

export interface ConversationMessage extends ChatMessage {
  id: string;
  /** Where the answer's facts come from (assistant messages, once complete). */
  sources?: string[];
  /** The answer is still arriving. */
  streaming?: boolean;
}

let nextId = 0;
const newId = () => `message-${nextId++}`;

/** The tenant's conversation as remembered in this browser tab. */
function restore(tenantId: string): ConversationMessage[] {
  return loadConversation(tenantId).map((message) => ({ ...message, id: newId() }));
}

/**
 * The conversation with the assistant about one tenant. Each question streams its answer over the
 * assistant.stream subscription: the AI message grows with each piece and is replaced by the whole
 * answer at the end. On failure the partial answer is removed, the question stays, and the message is
 * the server's detail or the spec's fallback.
 *
 * The conversation is remembered per tenant for the browser tab (see conversation-storage), saved
 * whenever no answer is arriving, so a half-written answer is never kept.
 */
export function useAssistantChat(tenantId: string) {
  const client = trpc.useUtils().client;
  const [messages, setMessages] = useState<ConversationMessage[]>(() => restore(tenantId));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const active = useRef<(() => void) | null>(null);

  useEffect(() => () => active.current?.(), []);

  useEffect(() => {
    if (!pending) saveConversation(tenantId, messages.filter((m) => !m.streaming));
  }, [tenantId, messages, pending]);

  /** Sends a question; answers false when nothing was sent (blank, or a reply is pending). */
  function send(text: string): boolean {
    const content = text.trim();
    if (!content || pending || active.current) return false;
    const history = messages.filter((m) => !m.streaming).map(({ role, content: c }) => ({ role, content: c }));
    const answerId = newId();
    setMessages((current) => [...current, { id: newId(), role: 'user', content }]);
    setError(null);
    setPending(true);

    let settled = false;
    let answer = '';
    let unsubscribe: () => void = () => {};
    const showAnswer = (patch: Partial<ConversationMessage>) =>
      setMessages((current) => {
        const existing = current.find((m) => m.id === answerId);
        if (existing) return current.map((m) => (m.id === answerId ? { ...m, ...patch } : m));
        return [...current, { id: answerId, role: 'assistant', content: '', ...patch }];
      });
    const settle = () => {
      settled = true;
      clearTimeout(timer);
      active.current = null;
      unsubscribe();
      setPending(false);
    };
    const failWith = (message: string) => {
      if (settled) return;
      settle();
      setMessages((current) => current.filter((m) => m.id !== answerId));
      setError(message);
    };
    const fail = (reason: unknown) => failWith(failureMessage(reason, CHAT_FAILED));
    const timer = setTimeout(() => fail(null), ANSWER_LIMIT_MS);

    const subscription = client.assistant.stream.subscribe(
      { messages: boundedHistory(history, content), tenant_id: tenantId },
      {
        onData: (event) => {
          if (settled) return;
          if (event.type === 'delta') {
            answer += event.text;
            showAnswer({ content: answer, streaming: true });
            return;
          }
          if (event.type === 'error') {
            failWith(event.detail);
            return;
          }
          settle();
          showAnswer({ content: event.response, sources: event.sources, streaming: false });
        },
        onError: fail,
        // A lost connection or a 'retryable' server error would make the link reconnect and ask again:
        // treat it as the failure it is.
        onConnectionStateChange: (state) => {
          if (state.state === 'connecting' && state.error) fail(state.error);
        },
        onComplete: () => fail(null),
      },
    );
    unsubscribe = () => subscription.unsubscribe();
    active.current = () => {
      settled = true;
      clearTimeout(timer);
      subscription.unsubscribe();
    };
    return true;
  }

  /** Starts a new conversation: abandons an answer on its way and forgets the stored one. */
  function clear() {
    active.current?.();
    active.current = null;
    setPending(false);
    setError(null);
    setMessages([]);
  }

  return { messages, pending, error, send, clear };
}
