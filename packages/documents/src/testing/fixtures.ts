import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures');

export type FixtureName =
  | 'contract.pdf'
  | 'policy-20-pages.pdf'
  | 'image-only.pdf'
  | 'standard-font.pdf'
  | 'encrypted.pdf'
  | 'owner-locked.pdf'
  | 'contract.docx'
  | 'contract.doc'
  | 'encrypted.docx'
  | 'encrypted.doc'
  | 'encrypted.xls'
  | 'controls.xlsx'
  | 'controls.xls';

export function getFixturePath(name: FixtureName): string {
  return path.join(FIXTURES_DIR, name);
}

/** The committed bytes of a generated fixture (see scripts/make-fixtures.ts). */
export function readFixture(name: FixtureName): Promise<Buffer> {
  return readFile(getFixturePath(name));
}
