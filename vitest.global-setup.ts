import type { TestProject } from 'vitest/node';
import { createTestDatabase, databaseBanner, describeServerDatabase } from '@compliance/db/testing/test-database';

/** One fresh database per test run, dropped at the end, so runs never collide. */
export default async function setup(project: TestProject) {
  const database = await createTestDatabase('cp_test');
  project.provide('databaseUrl', database.url);
  // Loud on purpose: a run on PGlite is not the PostgreSQL tier, and CI (CI=true) refuses it.
  let banner: string;
  try {
    banner = databaseBanner(database.source, database.url ? await describeServerDatabase(database.url) : '', process.env);
  } catch (error) {
    await database.drop();
    throw error;
  }
  console.log(`\n${'='.repeat(banner.length)}\n${banner}\n${'='.repeat(banner.length)}\n`);
  return async () => {
    await database.drop();
  };
}
