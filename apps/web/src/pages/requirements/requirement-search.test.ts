import type { Requirement } from '@compliance/contracts/requirements';
import { describe, expect, it } from 'vitest';
import { searchRequirements } from './requirement-search';

const requirement = (display_id: string, text: string, key: string | null = null) => ({ display_id, text, key }) as Requirement;

const list = [
  requirement('3.4', 'Encrypt data at rest', 'DP-04'),
  requirement('3.40', 'Rotate encryption keys'),
  requirement('13.4', 'Review access quarterly'),
  requirement('5.1', 'Apply the TLS 1.2 baseline, see section 3.4 of the standard'),
];

describe('searchRequirements', () => {
  it('shows the requirement with that display id alone', () => {
    expect(searchRequirements(list, '3.4').map((r) => r.display_id)).toEqual(['3.4']);
    expect(searchRequirements(list, ' Requirement 13.4 ').map((r) => r.display_id)).toEqual(['13.4']);
  });

  it('shows nothing for a display id the list does not have', () => {
    expect(searchRequirements(list, '9.9')).toEqual([]);
  });

  it('searches the text and key for anything else', () => {
    expect(searchRequirements(list, 'encrypt').map((r) => r.display_id)).toEqual(['3.4', '3.40']);
    expect(searchRequirements(list, 'dp-04').map((r) => r.display_id)).toEqual(['3.4']);
  });

  it('shows everything for an empty search', () => {
    expect(searchRequirements(list, '')).toEqual(list);
  });
});
