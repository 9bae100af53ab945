import type { Kysely } from 'kysely';
import type { AiEngine } from '@compliance/ai/engine';
import type { Database } from '@compliance/db/schema';
import type { JobProcessors } from '../jobs/job-runner';
import { createContractProcessor } from './contract-processor';
import { createEvidenceProcessor } from './evidence-processor';
import { createPolicyProcessor } from '../policies/policy-processor';

/** The processors both queue drivers run: the server's in-process queue and the BullMQ worker. */
export function createProcessors(db: Kysely<Database>, engine: AiEngine): JobProcessors {
  return {
    'analyze-contract': createContractProcessor(db, engine),
    'analyze-evidence': createEvidenceProcessor(db, engine),
    'generate-policy': createPolicyProcessor(db, engine),
  };
}
