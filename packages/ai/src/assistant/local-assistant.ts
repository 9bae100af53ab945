import { throwIfAborted } from '../call-context';
import type { ChatAnswer, ChatCallOptions, ChatRequest } from '../engine';
import { AnswerWriter } from './answer-writer';
import { composeActivity } from './compose-activity';
import { composeTrend } from './compose-trend';
import { composeContractPlan } from './compose-contracts';
import { composeDueDates } from './compose-due-dates';
import { resolveControl } from './compose-controls';
import { composeEvidence, composeEvidenceCoverage, composePassages } from './compose-evidence';
import { composeExpiry } from './compose-expiry';
import { composeHelp, composeImprovementPlan, composeUnknown } from './compose-plan';
import { composeOwners, composeRequirement, composeRequirements } from './compose-requirements';
import { composeDomainDetail, composeDomains, composeFrameworkCompliance, composeGaps, composeSummary, composeTopPriority } from './compose-status';
import { composeDraft, composeTenants } from './compose-tenants';
import { planConversation } from './question/follow-up';
import type { QueryPlan } from './question/plan';
import { guardConversation } from './guard';
import { lastQuestion } from './scope-guard';

/**
 * The local provider's assistant: deterministic and offline. It checks the question's scope, parses the
 * conversation into a query plan against the tenant's own vocabulary, calls the tenant's tools and
 * writes a Markdown answer from their results only, streaming it line by line.
 */
export async function answerLocally(input: ChatRequest, options: ChatCallOptions, now = new Date()): Promise<ChatAnswer> {
  throwIfAborted(options.signal);
  const writer = new AnswerWriter(input, options);
  const question = lastQuestion(input.messages);
  const guarded = await guardConversation(input);
  if (!guarded.decision.allowed) {
    writer.line(guarded.decision.message);
    return writer.finish();
  }
  const vocabulary = guarded.vocabulary ?? (await input.tools.get_vocabulary({}));
  throwIfAborted(options.signal);
  const tenants = [input.context.tenant_name, ...input.context.other_tenants];
  await compose(writer, planConversation(input.messages, vocabulary, now, tenants), question, now);
  return writer.finish();
}

async function compose(writer: AnswerWriter, asked: QueryPlan, question: string, now: Date): Promise<void> {
  const plan = await resolveControl(writer, asked);
  if (!plan) return;
  const f = plan.filters;
  switch (plan.subject) {
    case 'help':
      return composeHelp(writer, plan.greeting === true);
    case 'unknown':
      return composeUnknown(writer);
    case 'summary':
      return composeSummary(writer);
    case 'frameworks':
      return composeFrameworkCompliance(writer, f.framework ?? null);
    case 'domains':
      return composeDomains(writer);
    case 'domain':
      return f.domain ? composeDomainDetail(writer, f.domain) : composeDomains(writer);
    case 'gaps':
      return composeGaps(writer, f.framework ?? null, f.limit ?? 10);
    case 'top_priority':
      return composeTopPriority(writer, f.limit ?? 10);
    case 'improve':
      return composeImprovementPlan(writer);
    case 'requirements':
      return composeRequirements(writer, f, plan.ask);
    case 'requirement':
      return composeRequirement(writer, f.requirement_ids ?? []);
    case 'owners':
      return composeOwners(writer, f);
    case 'contracts':
      return composeContractPlan(writer, plan, question);
    case 'evidence':
      return composeEvidence(writer, plan);
    case 'evidence_coverage':
      return composeEvidenceCoverage(writer, f.evidence ?? question);
    case 'passages':
      return composePassages(writer, plan, question);
    case 'activity':
      return composeActivity(writer, plan);
    case 'trend':
      return composeTrend(writer, plan);
    case 'due_dates':
      return composeDueDates(writer, plan, question, now);
    case 'expiry':
      return composeExpiry(writer, plan, question);
    case 'tenants':
      return composeTenants(writer);
    case 'draft':
      return composeDraft(writer, plan);
  }
}
