import { describe, expect, it } from 'vitest';
import { detectParties, subjectRole } from './parties';

const PREAMBLE =
  'This Agreement is made between Meridian Insurance Pty Ltd (ABN 12 345) of 1 Collins Street ("Meridian" or the "Client") ' +
  'and Kestrel Code Labs Pty Ltd of 55 Flinders Lane (the "Developer").\n';

describe('detectParties', () => {
  it('learns the short names defined in the preamble and their roles', () => {
    const parties = detectParties(PREAMBLE);
    expect(subjectRole('Meridian ', parties, null)).toBe('customer');
    expect(subjectRole('The Developer ', parties, null)).toBe('provider');
  });

  it('gives a bare name the counterpart role of the other party', () => {
    const parties = detectParties('Agreement between Aldergrove Inc. (the "Company") and Brookline LLC (the "Consultant").');
    expect(subjectRole('The Company ', parties, null)).toBe('customer');
    expect(subjectRole('The Consultant ', parties, null)).toBe('provider');
  });
});

describe('subjectRole', () => {
  const parties = detectParties('Between Acme Ltd (the "Supplier") and Beta plc (the "Customer").');

  it('sets a leading adverbial clause aside', () => {
    expect(subjectRole('Where the Customer requests it, the Supplier ', parties, null)).toBe('provider');
    expect(subjectRole('Upon termination, the Customer ', parties, null)).toBe('customer');
  });

  it('reads mutual, pronoun and passive subjects', () => {
    expect(subjectRole('Each party ', parties, null)).toBe('mutual');
    expect(subjectRole('It ', parties, 'provider')).toBe('provider');
    expect(subjectRole('Where the Supplier engages a sub-processor, it ', parties, null)).toBe('provider');
    expect(subjectRole('All backups ', parties, null)).toBe('none');
  });

  it('does not read a sub-processor as the processor', () => {
    const dpa = detectParties('Between Fernleaf GmbH ("Controller") and Brightwave B.V. ("Processor").');
    expect(subjectRole('Each Sub-processor ', dpa, null)).toBe('none');
  });
});

describe('party names', () => {
  it("reads each side's legal name from the preamble for display", () => {
    expect(detectParties(PREAMBLE).names).toEqual({ provider: 'Kestrel Code Labs Pty Ltd', customer: 'Meridian Insurance Pty Ltd' });
    expect(detectParties('SECURITY SCHEDULE\n1.1 The Supplier shall log access.').names).toEqual({ provider: null, customer: null });
  });
});

describe('terms written as "we" and "you"', () => {
  const TERMS =
    'These Terms are an agreement between Nimbara Cloud Services, Inc. ("Nimbara", "we", "us" or "our") and the organization that accepts them ("Customer" or "you").';
  const parties = detectParties(TERMS);

  it('gives "we" to the side that defines itself so and "you" to the other, and the subject of a duty after a conditional clause is the party opening the main clause', () => {
    expect(subjectRole('We ', parties, null)).toBe('provider');
    expect(subjectRole('You ', parties, null)).toBe('customer');
    expect(subjectRole('If we become aware of a breach of your data, we ', parties, null)).toBe('provider');
    expect(subjectRole('We will give the assistance that you ', parties, null)).toBe('provider');
    expect(subjectRole('Each of us ', parties, null)).toBe('mutual');
  });

  it('leaves "US" the country alone', () => {
    expect(subjectRole('Data hosted in the US ', parties, null)).toBe('none');
  });
});
