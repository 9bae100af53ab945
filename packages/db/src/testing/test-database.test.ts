import { describe, expect, it } from 'vitest';
import { databaseBanner } from './test-database';

describe('the integration tier database banner', () => {
  it('names PostgreSQL and its version when the run has a server', () => {
    expect(databaseBanner('DATABASE_URL', '15.8, database cp_test_1', {})).toBe('Integration tests use PostgreSQL 15.8, database cp_test_1 (DATABASE_URL)');
  });

  it('warns outside CI and fails in CI when the run would use PGlite', () => {
    expect(databaseBanner('pglite', '', {})).toMatch(/PGlite \(embedded\), NOT PostgreSQL/);
    expect(() => databaseBanner('pglite', '', { CI: 'true' })).toThrow(/CI must run them on PostgreSQL/);
    expect(databaseBanner('testcontainers', '15.8, database x', { CI: 'true' })).toMatch(/^Integration tests use PostgreSQL/);
  });
});
