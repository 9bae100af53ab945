import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * Parses a job started and never finished: raised before a file is read, lowered when reading ends in any
 * way but a crash. A crash of the parser thread, or of the whole process, leaves it raised, so the job's
 * next attempt knows how many times this file has already brought its reader down.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `ALTER TABLE jobs ADD COLUMN unfinished_parses integer NOT NULL DEFAULT 0;`);
}
