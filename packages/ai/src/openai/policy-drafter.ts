import { progressReporter, throwIfAborted } from '../call-context';
import type { AiCallOptions, GeneratePolicyInput } from '../engine';
import { renderPolicy } from '../policies/policy-writer';
import { POLICY_PROMPT } from './prompts';
import { policyDraftOutput, type StructuredOutput } from './schemas';

/** One structured-output request through the engine's client (retries and validation included). */
export type CompleteStructured = <T>(output: StructuredOutput<T>, system: string, user: unknown, signal: AbortSignal) => Promise<T>;

/** What the model sees: the template, the organization and the requirements without internal keys or statuses. */
function draftRequest(input: GeneratePolicyInput) {
  return {
    policy: {
      name: input.template.name,
      description: input.template.description,
      purpose: input.template.purpose,
      scope: input.template.scope,
      roles: input.template.roles,
    },
    organization_name: input.organization_name,
    tenant_name: input.tenant_name,
    frameworks: input.frameworks,
    effective_date: input.effective_date,
    requirements: input.requirements.map((r) => ({
      id: r.id,
      text: r.text,
      domain_name: r.domain_name,
      priority: r.priority,
      source_type: r.source_type,
      contract_names: r.contract_names,
    })),
    obligations: input.obligations,
  };
}

/**
 * The openai provider's policy: the model drafts the purpose, scope and one statement per requirement
 * in a single request; the shared renderer lays out the policy, so the structure, the coverage of every
 * requirement and the control mapping never depend on the model (missing statements use the local wording).
 */
export async function draftPolicy(input: GeneratePolicyInput, options: AiCallOptions, complete: CompleteStructured): Promise<string> {
  const progress = progressReporter(options);
  throwIfAborted(options.signal);
  progress('Drafting policy with AI', 10);
  const draft = await complete(policyDraftOutput, POLICY_PROMPT, draftRequest(input), options.signal);
  throwIfAborted(options.signal);
  progress('Drafting policy with AI', 90);
  const statements = new Map<string, string>();
  for (const statement of draft.statements) {
    if (!statements.has(statement.requirement_id)) statements.set(statement.requirement_id, statement.text);
  }
  const content = renderPolicy(input, { purpose: draft.purpose, scope: draft.scope, statements });
  progress('Finalizing policy', 100);
  return content;
}
