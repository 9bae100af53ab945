import { describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '@compliance/domain/demo/demo-data';
import { configProblems, loadConfig } from './env';

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://app@db/compliance',
  ADMIN_USERNAME: 'root-admin',
  ADMIN_PASSWORD: 'a-long-enough-password',
  MFA_ENCRYPTION_KEY: 'k'.repeat(32),
};

describe('configProblems', () => {
  it('accepts a complete production configuration and any development one', () => {
    expect(configProblems(loadConfig(production))).toEqual([]);
    expect(configProblems(loadConfig({}))).toEqual([]);
  });

  it('refuses production without a database, with the demo password or without the MFA key', () => {
    expect(configProblems(loadConfig({ ...production, DATABASE_URL: '' }))).toEqual(['NODE_ENV=production requires DATABASE_URL']);
    expect(configProblems(loadConfig({ ...production, ADMIN_PASSWORD: DEFAULT_DEMO_PASSWORD }))).toContain('ADMIN_PASSWORD must not be the demo password');
    expect(configProblems(loadConfig({ ...production, MFA_ENCRYPTION_KEY: undefined }))).toEqual([
      'NODE_ENV=production requires MFA_ENCRYPTION_KEY of at least 32 characters (it encrypts MFA secrets)',
    ]);
    expect(configProblems(loadConfig({ ...production, MFA_ENCRYPTION_KEY: 'short' }))).toHaveLength(1);
  });
});
