import { z } from 'zod';
import { DOCUMENT_TYPES } from '../document-types';

/**
 * Structured outputs for the openai provider: a strict JSON schema sent as `response_format`, and the
 * zod schema that validates what comes back. Both are written out so the wire contract is explicit.
 */
export type StructuredOutput<T> = { name: string; jsonSchema: Record<string, unknown>; parse: (value: unknown) => T };

const nullableString = { type: ['string', 'null'] };

export const obligationsOutput: StructuredOutput<z.infer<typeof obligationsSchema>> = {
  name: 'contract_obligations',
  jsonSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['obligations'],
    properties: {
      obligations: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['clause', 'text', 'domain_number', 'confidence'],
          properties: {
            clause: nullableString,
            text: { type: 'string' },
            domain_number: { type: 'integer', minimum: 1, maximum: 15 },
            confidence: { type: 'number', minimum: 0, maximum: 1 },
          },
        },
      },
    },
  },
  parse: (value) => obligationsSchema.parse(value),
};

const obligationsSchema = z.object({
  obligations: z.array(
    z.object({
      clause: z.string().nullable(),
      text: z.string().min(1),
      domain_number: z.number().int().min(1).max(15),
      confidence: z.number().min(0).max(1),
    }),
  ),
});

export const matchesOutput: StructuredOutput<z.infer<typeof matchesSchema>> = {
  name: 'requirement_matches',
  jsonSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['matches'],
    properties: {
      matches: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['index', 'requirement_key', 'score'],
          properties: {
            index: { type: 'integer', minimum: 0 },
            requirement_key: nullableString,
            score: { type: 'number', minimum: 0, maximum: 1 },
          },
        },
      },
    },
  },
  parse: (value) => matchesSchema.parse(value),
};

const matchesSchema = z.object({
  matches: z.array(z.object({ index: z.number().int().min(0), requirement_key: z.string().nullable(), score: z.number().min(0).max(1) })),
});

export const evidenceOutput: StructuredOutput<z.infer<typeof evidenceSchema>> = {
  name: 'evidence_links',
  jsonSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['suggested_document_type', 'links'],
    properties: {
      suggested_document_type: { type: 'string', enum: [...DOCUMENT_TYPES] },
      links: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['requirement_key', 'confidence', 'excerpt'],
          properties: {
            requirement_key: { type: 'string' },
            confidence: { type: 'number', minimum: 0, maximum: 1 },
            excerpt: { type: 'string' },
          },
        },
      },
    },
  },
  parse: (value) => evidenceSchema.parse(value),
};

const evidenceSchema = z.object({
  suggested_document_type: z.enum(DOCUMENT_TYPES),
  links: z.array(z.object({ requirement_key: z.string().min(1), confidence: z.number().min(0).max(1), excerpt: z.string().min(1) })),
});

export const responseOutput: StructuredOutput<z.infer<typeof responseSchema>> = {
  name: 'suggested_response',
  jsonSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['text'],
    properties: { text: { type: 'string' } },
  },
  parse: (value) => responseSchema.parse(value),
};

const responseSchema = z.object({ text: z.string().min(1) });

export const policyDraftOutput: StructuredOutput<z.infer<typeof policyDraftSchema>> = {
  name: 'policy_draft',
  jsonSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['purpose', 'scope', 'statements'],
    properties: {
      purpose: { type: 'string' },
      scope: { type: 'string' },
      statements: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['requirement_id', 'text'],
          properties: { requirement_id: { type: 'string' }, text: { type: 'string' } },
        },
      },
    },
  },
  parse: (value) => policyDraftSchema.parse(value),
};

const policyDraftSchema = z.object({
  purpose: z.string(),
  scope: z.string(),
  statements: z.array(z.object({ requirement_id: z.string(), text: z.string() })),
});
