import {
  generatePolicyInput,
  generatePolicyOutput,
  policyTemplateListOutput,
  policyTemplatesInput,
  savePolicyInput,
  savePolicyOutput,
  startPolicyGenerationOutput,
} from '@compliance/contracts/policies';
import { savePolicyToEvidence } from '@compliance/domain/policies/policy-evidence-service';
import { generatePolicy, listPolicyTemplates, startPolicyGeneration } from '@compliance/domain/policies/policy-service';
import { editorProcedure, router, tenantProcedure } from '../trpc/trpc';

const tags = ['policies'];

export const policiesRouter = router({
  templates: tenantProcedure
    .meta({ openapi: { method: 'GET', path: '/policies/templates', tags, summary: 'Recommended policies for the chosen frameworks (comma-joined), with what each covers' } })
    .input(policyTemplatesInput)
    .output(policyTemplateListOutput)
    .query(({ ctx, input }) => listPolicyTemplates(ctx.deps.db, ctx.actor, ctx.tenantId, input)),

  generate: editorProcedure
    .meta({ openapi: { method: 'POST', path: '/policies/generate', tags, summary: 'Draft a policy and wait for it (Markdown)' } })
    .input(generatePolicyInput)
    .output(generatePolicyOutput)
    .mutation(({ ctx, input }) => generatePolicy(ctx.deps.db, ctx.deps.queue, ctx.deps.jobChanges, ctx.editor, input)),

  startGeneration: editorProcedure
    .meta({ openapi: { method: 'POST', path: '/policies/generate/jobs', tags, summary: 'Queue the drafting of a policy; follow the job for progress and the result' } })
    .input(generatePolicyInput)
    .output(startPolicyGenerationOutput)
    .mutation(({ ctx, input }) => startPolicyGeneration(ctx.deps.db, ctx.deps.queue, ctx.editor, input)),

  saveToEvidence: editorProcedure
    .meta({ openapi: { method: 'POST', path: '/policies/save-to-evidence', tags, summary: 'Store the policy as Policy evidence and link the requirements it covers' } })
    .input(savePolicyInput)
    .output(savePolicyOutput)
    .mutation(({ ctx, input }) => savePolicyToEvidence(ctx.deps.db, ctx.editor, input)),
});
