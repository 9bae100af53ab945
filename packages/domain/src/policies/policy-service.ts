import type { Kysely } from 'kysely';
import { POLICY_TEMPLATES } from '@compliance/catalog/policy-templates';
import { generatedPolicySchema, type GeneratePolicyInput, type PolicyTemplate, type PolicyTemplatesInput } from '@compliance/contracts/policies';
import type { Database } from '@compliance/db/schema';
import { withScope } from '@compliance/db/scope';
import { type Actor, auditBy } from '../access/actor';
import { tenantScope } from '../access/caller';
import type { EditorScope } from '../access/scopes';
import { createAuditEntry } from '../audit/audit-repo';
import { AppError } from '../errors';
import { ANALYSIS_QUEUE } from '../jobs/job-definitions';
import type { JobChanges } from '../jobs/job-changes';
import type { JobQueue } from '../jobs/job-queue';
import { createJob, waitForJob } from '../jobs/job-service';
import { getTenantContext } from '../requirements/requirement-service';
import { recommendTemplates } from './policy-coverage';
import { loadPolicyRequirements, requirePolicyTemplate } from './policy-inputs';

/** The recommended policies for the chosen frameworks, with what each covers in this tenant. */
export async function listPolicyTemplates(db: Kysely<Database>, actor: Actor, tenantId: string, input: PolicyTemplatesInput): Promise<PolicyTemplate[]> {
  return withScope(db, tenantScope(actor.caller, tenantId), async (tx) => {
    const { requirements, frameworks } = await loadPolicyRequirements(tx, tenantId, input.frameworks);
    return recommendTemplates(POLICY_TEMPLATES, requirements, frameworks);
  });
}

/** Queues the drafting of a policy; follow the job (jobs.progress) for its stage and its result. */
export async function startPolicyGeneration(db: Kysely<Database>, queue: JobQueue, editor: EditorScope, input: GeneratePolicyInput) {
  const { actor, tenantId } = editor;
  const template = requirePolicyTemplate(input.policy_type);
  const jobId = await withScope(db, tenantScope(actor.caller, tenantId), async (tx) => {
    const tenant = await getTenantContext(tx, tenantId);
    const id = await createJob(tx, {
      tenantId,
      organizationId: tenant.organization_id,
      name: 'generate-policy',
      payload: { tenantId, policyType: template.name, frameworks: input.frameworks, includeContracts: input.include_contracts },
      createdBy: actor.caller.user.id,
    });
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'generate_policy',
      details: {
        message: `Policy "${template.name}" requested`,
        policy_type: template.name,
        frameworks: input.frameworks.length ? input.frameworks : 'all assigned',
        include_contracts: input.include_contracts,
        job_id: id,
      },
      organizationId: tenant.organization_id,
      tenantId,
    });
    return id;
  });
  await queue.enqueue('generate-policy', jobId);
  return { job_id: jobId };
}

/** Drafts a policy and waits for it (the REST call): the Markdown, or the spec's kind of message on failure. */
export async function generatePolicy(db: Kysely<Database>, queue: JobQueue, changes: JobChanges, editor: EditorScope, input: GeneratePolicyInput) {
  const { job_id } = await startPolicyGeneration(db, queue, editor, input);
  const state = await waitForJob(db, changes, editor.actor.caller, editor.tenantId, job_id, ANALYSIS_QUEUE.deadlineMs + 2_000);
  if (state.status === 'completed') return { ...generatedPolicySchema.parse(state.result), job_id };
  if (state.status === 'failed') throw new AppError('UNPROCESSABLE', `Failed to generate policy: ${state.error ?? 'unknown error'}`);
  throw new AppError('TIMEOUT', 'Policy generation is taking longer than expected. Please try again in a moment.');
}
