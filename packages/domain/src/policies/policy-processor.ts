import type { Kysely } from 'kysely';
import type { AiEngine } from '@compliance/ai/engine';
import type { GeneratedPolicy } from '@compliance/contracts/policies';
import type { Database } from '@compliance/db/schema';
import { withScope } from '@compliance/db/scope';
import { jobScope } from '../documents/analysis-context';
import type { JobProcessor } from '../jobs/job-runner';
import { buildPolicyInput, requirePolicyTemplate } from './policy-inputs';

/**
 * Policy drafting as a job: reads the template's requirements and contract obligations in the tenant's
 * scope, has the engine write the Markdown and keeps it as the job's result. Nothing else is written,
 * so a retry simply drafts again.
 */
export function createPolicyProcessor(db: Kysely<Database>, engine: AiEngine): JobProcessor<'generate-policy'> {
  return async ({ tenantId, policyType, frameworks, includeContracts }, ctx) => {
    const template = requirePolicyTemplate(policyType);
    await ctx.progress('Collecting requirements', 10);
    const input = await withScope(db, jobScope(tenantId), (tx) => buildPolicyInput(tx, tenantId, template, frameworks, includeContracts));
    await ctx.progress('Writing policy statements', 25);
    const out = await engine.generatePolicy(input, {
      signal: ctx.signal,
      onProgress: (stage, percent) => void ctx.progress(stage, 25 + (percent * 70) / 100).catch(() => undefined),
    });
    const result: GeneratedPolicy = {
      policy_type: template.name,
      content: out.content,
      requirement_count: input.requirements.length,
      provider: out.provider,
      model: out.model,
    };
    return { result, provider: out.provider, model: out.model };
  };
}
