import type { Requirement } from '@compliance/contracts/requirements';

/** How the assistant's tools match the names and words a question gives against the tenant's data. */

const words = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}.]+/u).filter((w) => w.length > 1);

/** Every word in the requirement (its id, key, text and domain; with `exact`, its text alone). */
export function matchesWords(r: Requirement, query: string | undefined, exact = false): boolean {
  const wanted = words(query ?? '');
  if (!wanted.length) return true;
  const haystack = (exact ? r.text : `${r.display_id} ${r.key ?? ''} ${r.text} ${r.domain_name}`).toLowerCase();
  return wanted.every((w) => haystack.includes(w));
}

/** Whether a name given in a question ('northwind', 'Northwind MSA') names this document or party. */
export function namesMatch(candidate: string | null | undefined, wanted: string): boolean {
  if (!candidate) return false;
  const a = candidate.toLowerCase();
  const b = wanted.trim().toLowerCase();
  if (!b) return false;
  if (a === b || a.includes(b) || b.includes(a.replace(/\.[a-z0-9]{2,5}$/, ''))) return true;
  const wantedWords = words(b).filter((w) => w.length > 2);
  const have = new Set(words(a.replace(/[_-]+/g, ' ')));
  return wantedWords.length > 0 && wantedWords.every((w) => have.has(w));
}

export type ContractRow = { id: string; name: string; provider_name: string | null; customer_name: string | null };

/** The contract a question names, by file name or either party's name. */
export function findContract<T extends ContractRow>(contracts: readonly T[], wanted: string): T | undefined {
  return (
    contracts.find((c) => c.name.toLowerCase() === wanted.trim().toLowerCase()) ??
    contracts.find((c) => namesMatch(c.name, wanted)) ??
    contracts.find((c) => namesMatch(c.customer_name, wanted) || namesMatch(c.provider_name, wanted))
  );
}

/** Whether the requirement's owner is the one asked for: a name, 'me' (the caller) or 'unassigned'. */
export function ownerMatches(r: Requirement, owner: string | undefined, callerId: string): boolean {
  if (!owner) return true;
  const wanted = owner.trim().toLowerCase();
  if (wanted === 'me') return r.owner_id === callerId;
  if (wanted === 'unassigned') return r.owner_id === null;
  return namesMatch(r.owner_name, owner);
}
