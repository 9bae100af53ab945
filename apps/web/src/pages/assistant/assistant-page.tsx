import type { AccessibleTenant } from '@compliance/contracts/users';
import { useRef, useState } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { TenantGate } from '../../components/tenant-gate';
import { Icon } from '../../layout/nav-icons';
import { AssistantWelcome } from './assistant-welcome';
import { ChatComposer } from './chat-composer';
import { ChatMessageList } from './chat-message-list';
import { useAssistantChat } from './use-assistant-chat';

const TITLE = 'AI Compliance Assistant';
const SUBTITLE = "Ask questions about the current tenant's compliance data";

/** The AI Compliance Assistant screen of the tenant in view. */
export function AssistantPage() {
  return (
    <TenantGate title={TITLE} subtitle={SUBTITLE} loadingText="Loading compliance data..." subject="compliance data" icon={<Icon name="chat" className="h-10 w-10" />}>
      {(tenant) => <TenantAssistant tenant={tenant} />}
    </TenantGate>
  );
}

/**
 * The conversation about one tenant. TenantGate remounts it when the tenant changes, so a pending
 * answer is abandoned and the new tenant's own remembered conversation is shown, never another's.
 */
function TenantAssistant({ tenant }: { tenant: AccessibleTenant }) {
  const chat = useAssistantChat(tenant.id);
  const [input, setInput] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const waitingForFirstPiece = chat.pending && chat.messages.at(-1)?.role === 'user';

  function send() {
    if (chat.send(input)) setInput('');
  }

  function pick(question: string) {
    setInput(question);
    inputRef.current?.focus();
  }

  return (
    <div>
      <PageHeader
        title={TITLE}
        subtitle={`Answers come from the requirements, evidence and contracts of ${tenant.name}`}
        actions={
          <Button variant="secondary" onClick={chat.clear} disabled={chat.messages.length === 0 && !chat.pending}>
            <Icon name="chat" className="h-4 w-4" />
            New conversation
          </Button>
        }
      />
      <Card className="flex h-[calc(100dvh-14rem)] min-h-[30rem] flex-col overflow-hidden">
        {chat.messages.length === 0 ? (
          <AssistantWelcome tenantName={tenant.name} onPick={pick} />
        ) : (
          <ChatMessageList messages={chat.messages} waiting={waitingForFirstPiece} />
        )}
        <ChatComposer value={input} onChange={setInput} onSend={send} pending={chat.pending} error={chat.error} inputRef={inputRef} />
      </Card>
    </div>
  );
}
