import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small OpenAI-protocol server on 127.0.0.1 for tests: it answers POST /v1/chat/completions with
 * canned structured output derived from the request (by the json_schema name), and can be told to hang
 * or to fail a number of times first. Requests with `tools` are answered like a tool-calling model: tool
 * calls chosen from the last user message, then text built from the tool results; `stream: true` gets
 * server-sent chunks. It never forwards anything anywhere.
 */
export type FakeBehaviour = {
  /** Never answer (to prove the caller's AbortSignal ends the call). */
  hang?: boolean;
  /** Answer the first N requests with this status before answering normally. */
  failFirst?: { count: number; status: number; headers?: Record<string, string> };
  /** Answer with content that is not valid JSON. */
  invalidJson?: boolean;
  /** Milliseconds to wait before each answer (so parallel requests overlap). */
  delayMs?: number;
  /** Leave the evidence names out of suggested responses. */
  omitCitations?: boolean;
  /** Tool chat: call these tools (raw arguments) in the first round instead of choosing from the question. */
  toolCalls?: Array<{ name: string; arguments: string }>;
  /** Tool chat: after the first tool results, call get_framework_breakdown once more before answering. */
  chainTools?: boolean;
  /** Streaming: send this many chunks, then keep the connection open without sending more. */
  stallAfterChunks?: number;
};

export type FakeServer = {
  baseUrl: string;
  requests: Array<{ schema: string; body: ChatRequest }>;
  maxInFlight: number;
  behaviour: FakeBehaviour;
  close: () => Promise<void>;
};

type ToolCallMessage = { id: string; type: 'function'; function: { name: string; arguments: string } };

type ChatRequest = {
  model: string;
  messages: Array<{ role: string; content: string | null; tool_calls?: ToolCallMessage[]; tool_call_id?: string }>;
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
  tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
  tool_choice?: unknown;
  stream?: boolean;
};

const DOMAIN_WORDS: Array<[RegExp, number]> = [
  [/encrypt/i, 4],
  [/incident/i, 10],
  [/access|authentication/i, 3],
  [/backup/i, 13],
];

function cannedContent(schema: string, user: Record<string, unknown>, behaviour: FakeBehaviour): unknown {
  if (schema === 'contract_obligations') {
    const text = String(user.contract_text ?? '');
    const obligations: Array<{ clause: string | null; text: string; domain_number: number; confidence: number }> = text
      .split('\n')
      .map((line) => /^(\d+(?:\.\d+)*)\s+(.*\bshall\b.*)$/.exec(line.trim()))
      .flatMap((m) => {
        const domain = m?.[2] ? DOMAIN_WORDS.find(([pattern]) => pattern.test(m[2] ?? ''))?.[1] : undefined;
        return m?.[1] && m[2] && domain ? [{ clause: m[1], text: m[2], domain_number: domain, confidence: 0.9 }] : [];
      });
    obligations.push({ clause: null, text: 'The Supplier shall do something the contract never says.', domain_number: 1, confidence: 0.9 });
    return { obligations };
  }
  if (schema === 'requirement_matches') {
    const obligations = user.obligations as Array<{ index: number; domain_number: number }>;
    const requirements = user.requirements as Array<{ key: string; domain_number: number }>;
    const matches = obligations.map((o) => {
      const hit = requirements.find((r) => r.domain_number === o.domain_number);
      return { index: o.index, requirement_key: hit?.key ?? null, score: hit ? 0.8 : 0 };
    });
    matches.push({ index: 0, requirement_key: 'NOT-A-KEY', score: 1 });
    return { matches };
  }
  if (schema === 'evidence_links') {
    const text = String(user.document_text ?? '');
    const requirements = user.requirements as Array<{ key: string; keywords: string[] }>;
    const links = requirements.flatMap((r) => {
      const keyword = r.keywords[0]?.toLowerCase();
      const line = keyword ? text.split('\n').find((l) => l.toLowerCase().includes(keyword)) : undefined;
      return line ? [{ requirement_key: r.key, confidence: 0.75, excerpt: line.trim() }] : [];
    });
    return { suggested_document_type: 'Policy', links };
  }
  if (schema === 'suggested_response') {
    const evidence = user.evidence as Array<{ name: string }>;
    const names = behaviour.omitCitations ? '' : ` as described in ${evidence.map((e) => e.name).join(' and ')}`;
    return { text: `We meet this requirement${names}.` };
  }
  if (schema === 'policy_draft') {
    const organization = String(user.organization_name ?? '');
    const requirements = user.requirements as Array<{ id: string }>;
    const statements = requirements.slice(0, -1).map((r, i) => ({
      requirement_id: r.id,
      text: `${i === 0 ? '## Drafted heading\n' : ''}${organization} shall meet drafted requirement ${r.id} as the model wrote it.`,
    }));
    statements.push({ requirement_id: 'NOT-AN-ID', text: `${organization} shall do something no requirement asks for.` });
    return { purpose: `Model-drafted purpose for ${organization}.`, scope: `Model-drafted scope for ${String(user.tenant_name ?? '')}.`, statements };
  }
  return {};
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

function reply(response: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(payload));
}

/** The tool calls a tool-calling model would make for the question. */
function chooseToolCalls(question: string): Array<{ name: string; arguments: string }> {
  const rules: Array<[RegExp, string, Record<string, unknown>]> = [
    [/compliance rate|overall|score/i, 'get_compliance_summary', {}],
    [/\bnist\b/i, 'list_framework_gaps', { framework: 'NIST 800-53' }],
    [/\bpci\b/i, 'list_framework_gaps', { framework: 'PCI DSS' }],
    [/\bhipaa\b/i, 'list_framework_gaps', { framework: 'HIPAA' }],
    [/domain/i, 'get_domain_breakdown', {}],
    [/evidence/i, 'list_evidence', {}],
    [/priorit/i, 'list_top_priority_requirements', { limit: 5 }],
    [/contract|obligation/i, 'list_contract_obligations', { uncovered_only: true }],
    [/owner|owns/i, 'list_owners_and_statuses', {}],
    [/encrypt/i, 'search_requirements', { query: 'encrypt' }],
  ];
  return rules.filter(([pattern]) => pattern.test(question)).map(([, name, args]) => ({ name, arguments: JSON.stringify(args) }));
}

/** One sentence per tool result, quoting its figures. */
function describeToolResult(result: Record<string, unknown> | unknown[] | null): string {
  if (result === null) return 'The tool found nothing.';
  if (Array.isArray(result)) {
    const rows = result as Array<Record<string, unknown>>;
    const first = rows[0];
    if (!first) return 'The tool returned an empty list.';
    if ('domain_name' in first && 'compliance_rate' in first) {
      const lowest = rows.filter((r) => Number(r.total) > 0).sort((a, b) => Number(a.compliance_rate) - Number(b.compliance_rate))[0] ?? first;
      return `The domain that needs the most attention is ${String(lowest.domain_name)} at ${String(lowest.compliance_rate)}%.`;
    }
    if ('framework' in first) return rows.map((r) => `${String(r.framework)} is at ${String(r.compliance_rate)}%.`).join(' ');
    return `Your top priorities are ${rows.map((r) => `Requirement ${String(r.id)}`).join(', ')}.`;
  }
  if ('error' in result) return `The tool reported an error: ${String(result.error)}`;
  if ('compliance_rate' in result) return `Your overall compliance rate is ${String(result.compliance_rate)}% (${String(result.compliant)} of ${String(result.total_requirements)} requirements are Compliant).`;
  if ('total_gaps' in result) {
    const gaps = result.gaps as Array<{ id: string }>;
    if (!result.assigned) return `${String(result.framework ?? 'That framework')} is not assigned to this tenant.`;
    return `${String(result.framework)} has ${String(result.total_gaps)} open gaps; the top ones are ${gaps.map((g) => `Requirement ${g.id}`).join(', ')}.`;
  }
  if ('by_type' in result) {
    const types = result.by_type as Array<{ document_type: string; count: number }>;
    return `You hold ${String(result.total)} evidence documents: ${types.map((t) => `${t.count} ${t.document_type}`).join(', ')}.`;
  }
  if ('obligations' in result) return `${(result.obligations as unknown[]).length} contract obligations are not covered by evidence.`;
  if ('owners' in result) return `${(result.owners as Array<{ owner_name: string }>).map((o) => o.owner_name).join(', ')} own requirements.`;
  if ('requirements' in result) return `${String(result.total)} requirements match: ${(result.requirements as Array<{ id: string }>).map((r) => `Requirement ${r.id}`).join(', ')}.`;
  return 'The tool answered.';
}

/** The assistant's next message for a tool-calling request: tool calls first, then text from the tool results. */
function toolChatMessage(body: ChatRequest, behaviour: FakeBehaviour): { content: string; tool_calls: ToolCallMessage[] } {
  const toolMessages = body.messages.filter((m) => m.role === 'tool');
  const question = [...body.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const asCalls = (calls: Array<{ name: string; arguments: string }>, round: number) =>
    calls.map((call, index) => ({ id: `call_${round}_${index}`, type: 'function' as const, function: call }));
  const toolsAllowed = body.tool_choice !== 'none';
  if (!toolMessages.length && toolsAllowed) {
    const calls = behaviour.toolCalls ?? chooseToolCalls(question);
    if (calls.length) return { content: '', tool_calls: asCalls(calls, 0) };
    return { content: 'I can answer questions about your compliance data.', tool_calls: [] };
  }
  const rounds = body.messages.filter((m) => m.role === 'assistant' && m.tool_calls?.length).length;
  if (behaviour.chainTools && rounds === 1 && toolsAllowed) return { content: 'Let me also check the frameworks.', tool_calls: asCalls([{ name: 'get_framework_breakdown', arguments: '{}' }], 1) };
  const sentences = toolMessages.map((m) => describeToolResult(JSON.parse(m.content ?? 'null') as Record<string, unknown> | null));
  return { content: sentences.join(' '), tool_calls: [] };
}

/** Splits text into pieces of about `size` characters, so deltas really arrive in parts. */
function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function answerToolChat(response: ServerResponse, body: ChatRequest, behaviour: FakeBehaviour): void {
  const message = toolChatMessage(body, behaviour);
  const finish = message.tool_calls.length ? 'tool_calls' : 'stop';
  const base = { id: 'chatcmpl-tools', created: 1_700_000_000, model: body.model };
  if (!body.stream) {
    const assistant = { role: 'assistant', content: message.content || null, refusal: null, ...(message.tool_calls.length ? { tool_calls: message.tool_calls } : {}) };
    reply(response, 200, { ...base, object: 'chat.completion', choices: [{ index: 0, message: assistant, finish_reason: finish, logprobs: null }] });
    return;
  }
  const deltas: Array<Record<string, unknown>> = [{ role: 'assistant', content: '' }];
  for (const piece of pieces(message.content, 9)) deltas.push({ content: piece });
  message.tool_calls.forEach((call, index) => {
    deltas.push({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] });
    for (const piece of pieces(call.function.arguments, 7)) deltas.push({ tool_calls: [{ index, function: { arguments: piece } }] });
  });
  const chunk = (delta: Record<string, unknown>, finish_reason: string | null) => ({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason, logprobs: null }] });
  const chunks = [...deltas.map((delta) => chunk(delta, null)), chunk({}, finish)];
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const limit = behaviour.stallAfterChunks ?? Number.POSITIVE_INFINITY;
  for (const piece of chunks.slice(0, limit)) response.write(`data: ${JSON.stringify(piece)}\n\n`);
  if (limit < chunks.length) return;
  response.end('data: [DONE]\n\n');
}

export async function startFakeOpenAiServer(behaviour: FakeBehaviour = {}): Promise<FakeServer> {
  let inFlight = 0;
  let failures = 0;
  const state: FakeServer = { baseUrl: '', requests: [], maxInFlight: 0, behaviour, close: async () => {} };
  const server = createServer(async (request, response) => {
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') return reply(response, 404, { error: { message: 'not found' } });
    const body = JSON.parse(await readBody(request)) as ChatRequest;
    const schema = body.response_format?.json_schema?.name ?? '';
    state.requests.push({ schema, body });
    inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    try {
      if (state.behaviour.hang) return;
      if (state.behaviour.delayMs) await new Promise((resolve) => setTimeout(resolve, state.behaviour.delayMs));
      const fail = state.behaviour.failFirst;
      if (fail && failures < fail.count) {
        failures += 1;
        return reply(response, fail.status, { error: { message: `fake failure ${failures}`, type: 'server_error' } }, fail.headers);
      }
      if (body.tools) return answerToolChat(response, body, state.behaviour);
      const user = JSON.parse(body.messages.find((m) => m.role === 'user')?.content ?? '{}') as Record<string, unknown>;
      const content = state.behaviour.invalidJson ? 'this is not json' : JSON.stringify(cannedContent(schema, user, state.behaviour));
      reply(response, 200, {
        id: `chatcmpl-${state.requests.length}`,
        object: 'chat.completion',
        created: 1_700_000_000,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      });
    } finally {
      if (!state.behaviour.hang) inFlight -= 1;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.baseUrl = `http://127.0.0.1:${port}/v1`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
