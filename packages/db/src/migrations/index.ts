import type { Migration } from 'kysely';
import * as identity from './0001-identity';

/** Every migration, in order. Names are stable: they are recorded in kysely_migration. */
export const migrations: Record<string, Migration> = {
  '0001-identity': identity,
};
