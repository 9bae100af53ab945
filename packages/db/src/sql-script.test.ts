import { describe, expect, it } from 'vitest';
import { splitStatements } from './sql-script';

describe('splitStatements', () => {
  it('splits on semicolons but keeps dollar-quoted bodies whole', () => {
    const parts = splitStatements(`CREATE TABLE a (id int);
      CREATE FUNCTION f() RETURNS int LANGUAGE sql AS $$ SELECT 1; $$;
      DO $$ BEGIN PERFORM 1; END $$;`);
    expect(parts).toHaveLength(3);
    expect(parts[1]).toContain('SELECT 1;');
    expect(parts[2]).toBe('DO $$ BEGIN PERFORM 1; END $$');
  });
});
