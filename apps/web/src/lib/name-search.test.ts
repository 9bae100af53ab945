import { describe, expect, it } from 'vitest';
import { matchByName } from './name-search';

interface Doc {
  name: string;
  filename: string | null;
}

const docs: Doc[] = [
  { name: 'Access Control Policy', filename: 'access-control.pdf' },
  { name: 'Access Control Policy v2', filename: 'access-control-v2.pdf' },
  { name: 'Incident Response Plan', filename: 'ir-plan.docx' },
];
const names = (doc: Doc) => [doc.name, doc.filename];

describe('matchByName', () => {
  it('shows everything for an empty search', () => {
    expect(matchByName(docs, '  ', names)).toEqual(docs);
  });

  it('shows the document named exactly (any case, spaces around) alone', () => {
    expect(matchByName(docs, ' access control policy ', names)).toEqual([docs[0]]);
  });

  it('matches the file name as well as the name', () => {
    expect(matchByName(docs, 'ir-plan.docx', names)).toEqual([docs[2]]);
  });

  it('falls back to names containing the search', () => {
    expect(matchByName(docs, 'control', names)).toEqual([docs[0], docs[1]]);
    expect(matchByName(docs, 'nothing like it', names)).toEqual([]);
  });
});
