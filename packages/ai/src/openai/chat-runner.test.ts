import OpenAI, { InternalServerError } from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_CONTEXT, conversation, createFixtureToolset, createForbiddenToolset, type FixtureToolset } from '../assistant/fixture-toolset';
import { TOOL_NAMES } from '../assistant/tools';
import { startFakeOpenAiServer, type FakeBehaviour, type FakeServer } from '../testing/fake-openai-server';
import { CHAT_TOOLS, ChatStreamError, MAX_ROUNDS, chatSystemPrompt, runChat } from './chat-runner';

let server: FakeServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

type RunOptions = { behaviour?: FakeBehaviour; toolset?: FixtureToolset; signal?: AbortSignal; maxRetries?: number; onDelta?: (text: string) => void };

async function run(questions: string | string[], options: RunOptions = {}) {
  server = await startFakeOpenAiServer(options.behaviour ?? {});
  const client = new OpenAI({ apiKey: 'test-key', baseURL: server.baseUrl, maxRetries: 0 });
  const toolset = options.toolset ?? createFixtureToolset();
  const deltas: string[] = [];
  const answer = await runChat(
    client,
    'fake-model-1',
    { messages: conversation(...[questions].flat()), context: FIXTURE_CONTEXT, tools: toolset.tools },
    {
      signal: options.signal ?? AbortSignal.timeout(10_000),
      onDelta: (text) => {
        deltas.push(text);
        options.onDelta?.(text);
      },
    },
    options.maxRetries ?? 2,
  );
  return { ...answer, deltas, calls: toolset.calls, requests: server.requests };
}

describe('openai chat runner: tool calling', () => {
  it('runs the tools the model asks for and answers with their figures', async () => {
    const answer = await run('What is our overall compliance rate?');
    expect(answer.text).toBe('Your overall compliance rate is 41.7% (45 of 120 requirements are Compliant).');
    expect(answer.calls.map((c) => c.name)).toEqual(['get_compliance_summary']);
    expect(answer.sources).toEqual(['get_compliance_summary']);
    expect(answer.requests).toHaveLength(2);
    const [first, second] = answer.requests;
    expect(first?.body).toMatchObject({ model: 'fake-model-1', stream: true });
    expect(first?.body.tools?.map((t) => t.function.name)).toEqual(TOOL_NAMES);
    expect(first?.body.messages[0]).toEqual({ role: 'system', content: chatSystemPrompt(FIXTURE_CONTEXT) });
    const assistant = second?.body.messages.find((m) => m.role === 'assistant' && m.tool_calls);
    expect(assistant?.tool_calls?.[0]).toEqual({ id: 'call_0_0', type: 'function', function: { name: 'get_compliance_summary', arguments: '{}' } });
    const tool = second?.body.messages.find((m) => m.role === 'tool');
    expect(tool?.tool_call_id).toBe('call_0_0');
    expect(JSON.parse(tool?.content ?? '{}')).toMatchObject({ compliance_rate: 41.7, total_requirements: 120 });
  });

  it('validates arguments and cites the framework the tool was asked for', async () => {
    const answer = await run('What are the gaps in NIST?');
    expect(answer.calls).toHaveLength(1);
    expect(answer.calls[0]).toMatchObject({ name: 'list_framework_gaps', args: { framework: 'NIST 800-53' } });
    expect(answer.text).toBe(
      'NIST 800-53 rev 5 has 58 open gaps; the top ones are Requirement 3.4, Requirement 4.2, Requirement 13.1, Requirement 10.2, Requirement 3.1, Requirement 4.5, Requirement 9.3, Requirement 15.2, Requirement 13.3, Requirement 9.1.',
    );
    expect(answer.sources).toEqual(['list_framework_gaps: NIST 800-53 rev 5']);
  });

  it('runs several tools in one round and keeps going for further rounds', async () => {
    const answer = await run('What is our compliance rate and which domain needs attention?', { behaviour: { chainTools: true } });
    expect(answer.calls.map((c) => c.name)).toEqual(['get_compliance_summary', 'get_domain_breakdown', 'get_framework_breakdown']);
    expect(answer.requests).toHaveLength(3);
    expect(answer.text).toContain('Let me also check the frameworks.\n\nYour overall compliance rate is 41.7%');
    expect(answer.text).toContain('The domain that needs the most attention is Physical Security at 0%.');
    expect(answer.text).toContain('NIST 800-53 rev 5 is at 40.8%. HIPAA is at 51.2%.');
    expect(answer.sources).toEqual(['get_compliance_summary', 'get_domain_breakdown', 'get_framework_breakdown']);
  });

  it('asks for a text answer in the last round when the model keeps calling tools', async () => {
    const bodies: Array<{ tool_choice?: string }> = [];
    const chunk = (delta: Record<string, unknown>) => ({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: null }] });
    const client = {
      chat: {
        completions: {
          create: async (body: { tool_choice?: string }) => {
            bodies.push(body);
            return (async function* () {
              if (body.tool_choice === 'none') yield chunk({ content: 'Here is what I found.' });
              else yield chunk({ tool_calls: [{ index: 0, id: `call_${bodies.length}`, type: 'function', function: { name: 'get_compliance_summary', arguments: '{}' } }] });
            })();
          },
        },
      },
    } as unknown as OpenAI;
    const toolset = createFixtureToolset();
    const answer = await runChat(client, 'm', { messages: conversation('Keep looking'), context: FIXTURE_CONTEXT, tools: toolset.tools }, { signal: AbortSignal.timeout(5_000) }, 0);
    expect(bodies).toHaveLength(MAX_ROUNDS);
    expect(bodies.map((b) => b.tool_choice)).toEqual([...Array<undefined>(MAX_ROUNDS - 1).fill(undefined), 'none']);
    expect(toolset.calls).toHaveLength(MAX_ROUNDS - 1);
    expect(answer).toEqual({ text: 'Here is what I found.', sources: ['get_compliance_summary'] });
  });

  it('is answered by the fake server without streaming too', async () => {
    server = await startFakeOpenAiServer();
    const client = new OpenAI({ apiKey: 'test-key', baseURL: server.baseUrl, maxRetries: 0 });
    const completion = await client.chat.completions.create({ model: 'fake-model-1', messages: [{ role: 'user', content: 'What are the gaps in PCI?' }], tools: CHAT_TOOLS });
    expect(completion.choices[0]?.finish_reason).toBe('tool_calls');
    expect(completion.choices[0]?.message.tool_calls).toEqual([{ id: 'call_0_0', type: 'function', function: { name: 'list_framework_gaps', arguments: '{"framework":"PCI DSS"}' } }]);
  });

  it('publishes function tools whose JSON schemas come from the zod arguments', () => {
    const gaps = CHAT_TOOLS.find((t) => t.type === 'function' && t.function.name === 'list_framework_gaps');
    expect(gaps?.type === 'function' ? gaps.function.parameters : undefined).toMatchObject({ type: 'object', required: ['framework'], properties: { framework: { type: 'string' } } });
    for (const tool of CHAT_TOOLS) if (tool.type === 'function') expect(tool.function.parameters).not.toHaveProperty('$schema');
  });
});

describe('openai chat runner: streaming', () => {
  it('forwards the content deltas in order, and they make up the final text', async () => {
    const order: string[] = [];
    const answer = await run('Which domain needs the most attention?', { onDelta: (text) => order.push(text) });
    expect(answer.deltas.length).toBeGreaterThan(3);
    expect(order).toEqual(answer.deltas);
    expect(answer.deltas.join('')).toBe(answer.text);
    expect(answer.text).toBe('The domain that needs the most attention is Physical Security at 0%.');
  });

  it('answers without tools when the model calls none', async () => {
    const answer = await run('Hello there');
    expect(answer.text).toBe('I can answer questions about your compliance data.');
    expect(answer.sources).toEqual([]);
    expect(answer.calls).toEqual([]);
  });
});

describe('openai chat runner: scope and robustness', () => {
  it('refuses another tenant before any request to the model, reading only the tenant’s own names', async () => {
    const toolset = createForbiddenToolset({ vocabulary: true });
    const answer = await run('What is the compliance rate of Initech?', { toolset });
    expect(answer.text).toBe("I can only use data of Acme Health (Acme Group). I can't share or look up information about other tenants or organizations.");
    expect(answer.deltas).toEqual([answer.text]);
    expect(answer.requests).toEqual([]);
    expect(toolset.calls.map((c) => c.name)).toEqual(['get_vocabulary']);
  });

  it('offers the tenant selector for an accessible tenant, still without any request', async () => {
    const answer = await run('How is Globex Retail doing?', { toolset: createForbiddenToolset() });
    expect(answer.text).toContain('switch the tenant selector to Globex Retail and ask again');
    expect(answer.requests).toEqual([]);
  });

  it.each([
    ['invalid arguments', [{ name: 'list_framework_gaps', arguments: '{"framework": 42}' }], 'Invalid arguments for list_framework_gaps'],
    ['arguments that are not JSON', [{ name: 'list_framework_gaps', arguments: '{"framework":' }], 'The arguments of list_framework_gaps are not valid JSON'],
    ['an unknown tool', [{ name: 'drop_all_tenants', arguments: '{}' }], 'Unknown tool "drop_all_tenants"'],
  ])('returns %s to the model as the tool result instead of crashing', async (_label, toolCalls, message) => {
    const answer = await run('What are the gaps?', { behaviour: { toolCalls } });
    expect(answer.calls).toEqual([]);
    expect(answer.sources).toEqual([]);
    const tool = answer.requests[1]?.body.messages.find((m) => m.role === 'tool');
    expect(JSON.parse(tool?.content ?? '{}').error).toContain(message);
    expect(answer.text).toContain(`The tool reported an error: ${message}`);
  });

  it('retries a rate-limited or failing request before anything was shown', async () => {
    const answer = await run('What is our overall compliance rate?', { behaviour: { failFirst: { count: 2, status: 503, headers: { 'retry-after-ms': '10' } } } });
    expect(answer.text).toBe('Your overall compliance rate is 41.7% (45 of 120 requirements are Compliant).');
    expect(answer.requests).toHaveLength(4);
    expect(answer.calls).toHaveLength(1);
  });

  it('does not retry once part of the answer was shown, so nothing is shown twice', async () => {
    let requests = 0;
    const chunk = (content: string) => ({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] });
    const client = {
      chat: {
        completions: {
          create: async () => {
            requests += 1;
            return (async function* () {
              yield chunk('Your rate ');
              throw new InternalServerError(500, { message: 'upstream broke' }, 'upstream broke', new Headers());
            })();
          },
        },
      },
    } as unknown as OpenAI;
    const deltas: string[] = [];
    const { tools } = createFixtureToolset();
    const pending = runChat(client, 'm', { messages: conversation('What is our rate?'), context: FIXTURE_CONTEXT, tools }, { signal: AbortSignal.timeout(5_000), onDelta: (t) => deltas.push(t) }, 3);
    await expect(pending).rejects.toBeInstanceOf(ChatStreamError);
    expect(requests).toBe(1);
    expect(deltas).toEqual(['Your rate ']);
  });

  it('gives up after the retries and reports the failure', async () => {
    await expect(run('What is our overall compliance rate?', { behaviour: { failFirst: { count: 5, status: 429, headers: { 'retry-after-ms': '10' } } }, maxRetries: 1 })).rejects.toThrow(
      /429/,
    );
    expect(server?.requests).toHaveLength(2);
  });

  it('stops promptly when the signal aborts while the model has not answered', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const pending = run('What is our overall compliance rate?', { behaviour: { hang: true }, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toThrow(/abort/i);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('stops promptly when the signal aborts in the middle of a stream', async () => {
    const controller = new AbortController();
    const deltas: string[] = [];
    const pending = run('Hello there', {
      behaviour: { stallAfterChunks: 3 },
      signal: controller.signal,
      onDelta: (text) => {
        deltas.push(text);
        controller.abort();
      },
    });
    await expect(pending).rejects.toThrow(/abort/i);
    expect(deltas).toEqual(['I can ans']);
    expect(server?.requests).toHaveLength(1);
  });
});
