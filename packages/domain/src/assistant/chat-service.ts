import type { Kysely } from 'kysely';
import type { AiEngine } from '@compliance/ai/engine';
import type { ChatMessage, ChatOutput, ChatStreamEvent } from '@compliance/contracts/assistant';
import type { Database } from '@compliance/db/schema';
import { withScope } from '@compliance/db/scope';
import { type Actor, auditBy } from '../access/actor';
import { callerScope, tenantScope } from '../access/caller';
import { createAuditEntry } from '../audit/audit-repo';
import { AppError } from '../errors';
import { createAssistantToolset } from './assistant-tools';

/** The spec's budget for an AI answer. */
const CHAT_DEADLINE_MS = 90_000;

/** The tenant the question is about, its organization, and the other tenants the caller could switch to. */
async function loadChatContext(db: Kysely<Database>, actor: Actor, tenantId: string) {
  return withScope(db, callerScope(actor.caller), async (tx) => {
    const rows = await tx
      .selectFrom('tenants')
      .innerJoin('organizations', 'organizations.id', 'tenants.organization_id')
      .select(['tenants.id', 'tenants.name', 'tenants.assigned_frameworks', 'organizations.name as organization_name'])
      .where('tenants.id', 'in', [...actor.caller.tenants.keys()])
      .orderBy('tenants.name')
      .execute();
    const current = rows.find((r) => r.id === tenantId);
    if (!current) throw new AppError('NOT_FOUND', 'Tenant not found');
    return {
      tenant_name: current.name,
      organization_name: current.organization_name,
      frameworks: current.assigned_frameworks,
      other_tenants: rows.filter((r) => r.id !== tenantId).map((r) => r.name),
    };
  });
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/**
 * Answers the conversation's last question from the current tenant's data only: the engine gets tools
 * bound to this tenant's scope and nothing else. The audit trail records that a question was asked,
 * by whom, with which provider and sources, but not its text.
 */
export async function chatWithAssistant(
  db: Kysely<Database>,
  engine: AiEngine,
  actor: Actor,
  tenantId: string,
  messages: ChatMessage[],
  options: { signal?: AbortSignal; onDelta?: (text: string) => void } = {},
): Promise<ChatOutput> {
  const context = await loadChatContext(db, actor, tenantId);
  const tools = createAssistantToolset(db, engine, actor, tenantId);
  const deadline = AbortSignal.timeout(CHAT_DEADLINE_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  let answer;
  try {
    answer = await engine.chat({ messages, context, tools }, { signal, onDelta: options.onDelta });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (deadline.aborted) throw new AppError('TIMEOUT', 'The assistant took longer than 90 seconds to answer. Please try again.');
    if (options.signal?.aborted || isAbort(error)) throw error;
    throw new AppError('UNAVAILABLE', 'The AI assistant could not answer right now. Please try again in a moment.');
  }
  await withScope(db, tenantScope(actor.caller, tenantId), (tx) =>
    createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'assistant_chat',
      details: { message: `Asked the AI assistant (${answer.provider} / ${answer.model})`, sources: answer.sources.slice(0, 20) },
      organizationId: actor.caller.tenants.get(tenantId)?.organization_id ?? null,
      tenantId,
    }),
  );
  return { response: answer.text, sources: answer.sources, provider: answer.provider, model: answer.model };
}

/** The same answer as a stream: pieces as they are written, then the whole answer (for the web client). */
export async function* streamAssistantChat(
  db: Kysely<Database>,
  engine: AiEngine,
  actor: Actor,
  tenantId: string,
  messages: ChatMessage[],
  signal?: AbortSignal,
): AsyncGenerator<ChatStreamEvent> {
  const pending: string[] = [];
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const finished: { outcome: { ok: true; value: ChatOutput } | { ok: false; error: unknown } | null } = { outcome: null };
  void chatWithAssistant(db, engine, actor, tenantId, messages, {
    signal,
    onDelta: (text) => {
      pending.push(text);
      notify();
    },
  }).then(
    (value) => {
      finished.outcome = { ok: true, value };
      notify();
    },
    (error: unknown) => {
      finished.outcome = { ok: false, error };
      notify();
    },
  );
  while (true) {
    while (pending.length) yield { type: 'delta', text: pending.shift()! };
    const done = finished.outcome;
    if (done) {
      if (!done.ok) throw done.error;
      yield { type: 'done', ...done.value };
      return;
    }
    await new Promise<void>((resolve) => (wake = resolve));
  }
}
