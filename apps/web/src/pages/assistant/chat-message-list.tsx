import { useEffect, useRef } from 'react';
import { MarkdownView } from '../../components/markdown-view';
import { Icon } from '../../layout/nav-icons';
import type { ConversationMessage } from './use-assistant-chat';
import { ScrollRegion } from '../../components/scroll-region';

function TypingDots() {
  return (
    <div className="flex flex-col items-start gap-1" data-testid="typing-indicator">
      <span className="text-xs font-medium text-slate-500">AI</span>
      <div role="status" aria-label="The AI assistant is answering" className="flex gap-1.5 rounded-2xl rounded-tl-sm border border-slate-200 bg-white px-4 py-3.5">
        {['[animation-delay:-0.3s]', '[animation-delay:-0.15s]', ''].map((delay) => (
          <span key={delay} className={`h-2 w-2 animate-bounce rounded-full bg-slate-400 ${delay}`} />
        ))}
      </div>
    </div>
  );
}

function MessageBubble({ message }: { message: ConversationMessage }) {
  if (message.role === 'user') {
    return (
      <li data-testid="chat-message" data-role="user" className="flex flex-col items-end gap-1">
        <span className="text-xs font-medium text-slate-500">You</span>
        <div className="max-w-[85%] rounded-2xl rounded-tr-sm bg-indigo-600 px-4 py-2.5 text-sm leading-relaxed whitespace-pre-wrap text-white shadow-sm">
          {message.content}
        </div>
      </li>
    );
  }
  return (
    <li data-testid="chat-message" data-role="assistant" aria-busy={message.streaming || undefined} className="flex flex-col items-start gap-1">
      <span className="flex items-center gap-1 text-xs font-medium text-slate-500">
        <Icon name="sparkles" className="h-3.5 w-3.5 text-indigo-500" />
        AI
      </span>
      <div className="max-w-[85%] min-w-0 rounded-2xl rounded-tl-sm border border-slate-200 bg-white px-4 py-3 shadow-sm">
        <MarkdownView compact>{message.content}</MarkdownView>
      </div>
      {message.sources && message.sources.length > 0 && !CITES_SOURCES.test(message.content) && (
        <p data-testid="chat-sources" className="max-w-[85%] px-1 text-xs text-slate-500">
          Sources: {message.sources.join(', ')}
        </p>
      )}
    </li>
  );
}

/** An answer that already ends with its sources needs no second line for them. */
const CITES_SOURCES = /(?:^|[^A-Za-z])Sources?:/m;

/** The conversation, newest at the bottom; the view follows each new message and each new piece of an answer. */
export function ChatMessageList({ messages, waiting }: { messages: ConversationMessage[]; waiting: boolean }) {
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages, waiting]);

  return (
    <ScrollRegion ref={scroller} label="Conversation log" className="min-h-0 flex-1 overflow-y-auto bg-slate-50/60 px-4 py-5 sm:px-6">
      <ol aria-label="Conversation" className="space-y-5">
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} />
        ))}
      </ol>
      {waiting && (
        <div className="mt-5">
          <TypingDots />
        </div>
      )}
    </ScrollRegion>
  );
}
