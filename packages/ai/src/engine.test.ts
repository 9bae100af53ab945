import { describe, expect, it } from 'vitest';
import { aiEngineConfigSchema, createAiEngine } from './engine';

describe('createAiEngine', () => {
  it('defaults to the local provider', () => {
    expect(createAiEngine().provider).toBe('local');
    expect(createAiEngine({ provider: 'local' }).model).toMatch(/^local-nlp/);
  });

  it('builds the openai provider from configuration, with defaults for batching', () => {
    const engine = createAiEngine({ provider: 'openai', baseUrl: 'http://127.0.0.1:9/v1', model: 'llama3.1' });
    expect(engine).toMatchObject({ provider: 'openai', model: 'llama3.1' });
    expect(aiEngineConfigSchema.parse({ provider: 'openai' })).toMatchObject({ batchSize: 25, concurrency: 4, maxRetries: 3 });
  });

  it('rejects an unknown provider or a bad value', () => {
    expect(() => createAiEngine({ provider: 'magic' as 'local' })).toThrow();
    expect(() => createAiEngine({ provider: 'openai', concurrency: 0 })).toThrow();
    expect(() => createAiEngine({ provider: 'openai', baseUrl: 'not a url' })).toThrow();
  });
});
