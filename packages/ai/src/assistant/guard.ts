import type { ChatRequest } from '../engine';
import { type ScopeDecision, checkScope, lastQuestion } from './scope-guard';
import type { Vocabulary } from './tools';

/**
 * The scope check both providers run before anything else. A name the pure check would refuse is first
 * looked up in the tenant's own vocabulary (its owners, contract parties and documents, read in the
 * tenant's scope): 'Tom Becker' or 'the Bellhaven BAA' are the tenant's data, not another organization.
 */
export async function guardConversation(input: ChatRequest): Promise<{ decision: ScopeDecision; vocabulary: Vocabulary | null }> {
  const question = lastQuestion(input.messages);
  const context = { ...input.context, strict: true };
  const first = checkScope(question, context);
  if (first.allowed || first.reason !== 'named_entity') return { decision: first, vocabulary: null };
  const vocabulary = await input.tools.get_vocabulary({});
  return { decision: checkScope(question, { ...context, known_names: knownNames(vocabulary) }), vocabulary };
}

function knownNames(vocabulary: Vocabulary): string[] {
  const parties = vocabulary.contracts.flatMap((c) => [c.name, c.customer_name ?? '', c.provider_name ?? '']);
  return [...vocabulary.owners, ...parties, ...vocabulary.evidence.map((e) => e.name)].filter(Boolean);
}
