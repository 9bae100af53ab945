import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small OpenAI-protocol server on 127.0.0.1 for tests: it answers POST /v1/chat/completions with
 * canned structured output derived from the request (by the json_schema name), and can be told to hang
 * or to fail a number of times first. It never forwards anything anywhere.
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
};

export type FakeServer = {
  baseUrl: string;
  requests: Array<{ schema: string; body: ChatRequest }>;
  maxInFlight: number;
  behaviour: FakeBehaviour;
  close: () => Promise<void>;
};

type ChatRequest = {
  model: string;
  messages: Array<{ role: string; content: string }>;
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
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
