import { throwIfAborted } from '../call-context';
import type { ChatAnswer, ChatCallOptions, ChatRequest } from '../engine';
import { AnswerWriter } from './answer-writer';
import { composeContracts, composeEvidence, composeEvidenceCoverage, composeOwners, composeSearch } from './compose-data';
import { composeHelp, composeImprovementPlan, composeUnknown } from './compose-plan';
import { composeDomainDetail, composeDomains, composeFrameworkCompliance, composeGaps, composeSummary, composeTopPriority } from './compose-status';
import { detectIntent, type Intent } from './intent';
import { checkScope, lastQuestion } from './scope-guard';

/**
 * The local provider's assistant: deterministic and offline. It checks the question's scope, reads its
 * intent, calls the tenant's tools and writes a Markdown answer from their results only, streaming it
 * line by line.
 */
export async function answerLocally(input: ChatRequest, options: ChatCallOptions): Promise<ChatAnswer> {
  throwIfAborted(options.signal);
  const writer = new AnswerWriter(input, options);
  const scope = checkScope(lastQuestion(input.messages), input.context);
  if (!scope.allowed) {
    writer.line(scope.message);
    return writer.finish();
  }
  await compose(writer, detectIntent(input.messages));
  return writer.finish();
}

async function compose(writer: AnswerWriter, intent: Intent): Promise<void> {
  switch (intent.kind) {
    case 'summary':
      return composeSummary(writer);
    case 'framework_compliance':
      return composeFrameworkCompliance(writer, intent.framework);
    case 'domains':
      return composeDomains(writer);
    case 'domain_detail':
      return composeDomainDetail(writer, intent.domain_number);
    case 'gaps':
      return composeGaps(writer, intent.framework, intent.limit);
    case 'top_priority':
      return composeTopPriority(writer, intent.limit);
    case 'evidence':
      return composeEvidence(writer);
    case 'evidence_coverage':
      return composeEvidenceCoverage(writer, intent.name);
    case 'improve':
      return composeImprovementPlan(writer);
    case 'contracts':
      return composeContracts(writer, intent.uncovered_only);
    case 'owners':
      return composeOwners(writer);
    case 'search':
      return composeSearch(writer, intent.filters);
    case 'help':
      return composeHelp(writer, intent.greeting);
    case 'unknown':
      return composeUnknown(writer);
  }
}
