import type { TestProject } from 'vitest/node';
import { createTestDatabase } from '@compliance/db/testing/test-database';

/** One fresh database per test run, dropped at the end, so runs never collide. */
export default async function setup(project: TestProject) {
  const database = await createTestDatabase('cp_test');
  project.provide('databaseUrl', database.url);
  console.log(`Integration tests use ${database.source}${database.url ? ` (${new URL(database.url).pathname.slice(1)})` : ''}`);
  return async () => {
    await database.drop();
  };
}
