import { describe, expect, it } from 'vitest';
import { blankPageFurniture, findPageFurniture } from './page-furniture';

describe('page furniture', () => {
  const paged = [
    '4.1 The Supplier shall encrypt Customer Data at rest using AES-256 and shall manage the',
    '',
    'Acme / Beta Security Schedule – Confidential',
    'Page 3 of 9',
    '',
    'Acme / Beta Security Schedule – Confidential',
    'keys in a hardware security module.',
    '4.2 The Supplier shall patch systems within 14 days.',
    '',
    'Page 4 of 9',
    '',
    '4.3 Logs are retained for twelve months.',
  ].join('\n');

  it('blanks running headers and page numbers, keeping every offset, and joins a clause cut by the page break', () => {
    const blanked = blankPageFurniture(paged);
    expect(blanked).toHaveLength(paged.length);
    expect(blanked).not.toMatch(/Page \d of 9|Confidential/);
    expect(blanked.replace(/\s+/g, ' ')).toContain('shall manage the keys in a hardware security module.');
    // A page break between two clauses stays a break: 4.3 still starts its own line.
    expect(blanked).toMatch(/\n4\.3 Logs/);
    expect(blanked.indexOf('4.2 The Supplier')).toBe(paged.indexOf('4.2 The Supplier'));
  });

  it('leaves text without pages alone, and never takes repeated configuration lines or list numbers for furniture', () => {
    const config = ['apiVersion: v1', 'kind: NetworkPolicy', '---', 'apiVersion: v1', 'kind: NetworkPolicy', '---', 'apiVersion: v1'].join('\n');
    expect(findPageFurniture(config).size).toBe(0);
    const list = ['Steps:', '1', 'Isolate the host.', '2', 'Reset credentials.'].join('\n');
    expect(blankPageFurniture(list)).toBe(list);
    expect(blankPageFurniture('1.1 The Supplier shall log access.')).toBe('1.1 The Supplier shall log access.');
  });
});
