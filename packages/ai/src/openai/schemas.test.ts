import { describe, expect, it } from 'vitest';
import { evidenceOutput, matchesOutput, obligationsOutput, responseOutput } from './schemas';

type JsonObjectSchema = { type: string; additionalProperties?: boolean; required?: string[]; properties?: Record<string, JsonObjectSchema>; items?: JsonObjectSchema };

/** OpenAI strict mode: every object closes additionalProperties and requires all its properties. */
function assertStrict(schema: JsonObjectSchema): void {
  if (schema.type === 'object') {
    expect(schema.additionalProperties).toBe(false);
    expect([...(schema.required ?? [])].sort()).toEqual(Object.keys(schema.properties ?? {}).sort());
  }
  for (const child of Object.values(schema.properties ?? {})) assertStrict(child);
  if (schema.items) assertStrict(schema.items);
}

describe('structured outputs', () => {
  it.each([obligationsOutput, matchesOutput, evidenceOutput, responseOutput])('$name is strict-mode compatible', (output) => {
    assertStrict(output.jsonSchema as JsonObjectSchema);
  });

  it('validates answers with zod', () => {
    expect(obligationsOutput.parse({ obligations: [{ clause: null, text: 'x', domain_number: 3, confidence: 0.5 }] }).obligations).toHaveLength(1);
    expect(() => obligationsOutput.parse({ obligations: [{ clause: null, text: 'x', domain_number: 16, confidence: 0.5 }] })).toThrow();
    expect(() => evidenceOutput.parse({ suggested_document_type: 'Spreadsheet', links: [] })).toThrow();
    expect(() => matchesOutput.parse({ matches: [{ index: 0, requirement_key: null, score: 2 }] })).toThrow();
    expect(() => responseOutput.parse({ text: '' })).toThrow();
  });
});
