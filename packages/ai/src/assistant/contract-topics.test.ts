import { describe, expect, it } from 'vitest';
import { contractTopic, literalTopic, obligationsAbout } from './contract-topics';
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

describe('a phrase the obligations are asked to mention', () => {
  const contracts = (question: string) => {
    const found = literalTopic(question, ALL, ALL);
    return found && { found: found.found, contracts: [...new Set(found.matches.map((o) => o.contract))] };
  };
  it('finds the words as written, singular or plural, and shortens a long phrase found nowhere', () => {
    expect(contracts('Which contracts mention penetration tests?')).toEqual({ found: true, contracts: ['E'] });
    expect(contracts('Which contracts mention background checks or background screening?')).toEqual({ found: true, contracts: ['A'] });
    expect(contracts('Which contracts mention electronic sessions of users?')).toEqual({ found: true, contracts: ['C'] });
  });
  it('says when no obligation uses a single word, and reads no phrase from other questions', () => {
    expect(contracts('Which of our contracts mention CREST?')).toEqual({ found: false, contracts: [] });
    expect(contracts('How many obligations are in each contract?')).toBeNull();
  });
});

