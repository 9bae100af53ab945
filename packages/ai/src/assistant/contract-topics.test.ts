import { describe, expect, it } from 'vitest';
import { contractTopic, obligationsAbout } from './contract-topics';
import type { ContractObligation } from './tools';

const obligation = (contract: string, text: string): ContractObligation => ({ contract, clause: null, text, requirement_id: null, covered: true });

const ALL = [
  obligation('A', 'Vendor will conduct background checks on all personnel with access to Company Data.'),
  obligation('B', 'The Supplier shall ensure staff are vetted to the Baseline Personnel Security Standard.'),
  obligation('C', 'The Supplier shall train staff on information security annually.'),
  obligation('C', 'Systems shall automatically terminate electronic sessions after fifteen minutes of inactivity.'),
  obligation('D', 'End-user devices shall lock automatically after a period of inactivity.'),
  obligation('D', 'The Contractor shall arrange for an IT Health Check at least annually.'),
  obligation('E', 'Vendor will engage an independent third party to perform a penetration test every year.'),
  obligation('E', 'Vendor will not store or process Company Data outside the United States without consent.'),
  ...Array.from({ length: 20 }, (_, i) => obligation('F', `The Supplier shall keep records of clause ${i} for the staff concerned.`)),
];

const about = (query: string, extra: Partial<Parameters<typeof contractTopic>[0]> = {}) =>
  [...new Set((obligationsAbout(ALL, ALL, contractTopic({ query, ...extra })) ?? []).map((o) => o.contract))];

describe('contract topics', () => {
  it('leaves out the commonest words before a rare one: background checks on staff', () => {
    expect(about('background check staff')).toEqual(['A', 'B']);
  });

  it('reads either of two words as one topic', () => {
    expect(about('session|device lock inactivity')).toEqual(['C', 'D']);
  });

  it('knows what contracts call a thing: pen tests and IT health checks, offshoring', () => {
    expect(about('pen test')).toEqual(['D', 'E']);
    expect(about('offshor')).toEqual(['E']);
  });

  it('says none when no contract mentions a thing contracts have words for', () => {
    expect(about('cyber insur')).toEqual([]);
  });
});
