import type { Requirement } from '@compliance/contracts/requirements';
import { matchByName } from '../../lib/name-search';

/** A display id ('3.4', or 'Requirement 3.4'): domain number, a dot, the index in the domain. */
const DISPLAY_ID = /^(?:requirement\s+)?(\d+\.\d+)$/i;

/**
 * The requirements a search shows. A display id shows that one requirement only (never every text
 * that happens to contain '3.4'); other text works as a name search over the id, key and text.
 */
export function searchRequirements(requirements: readonly Requirement[], search: string): Requirement[] {
  const wanted = search.trim();
  if (!wanted) return [...requirements];
  const displayId = DISPLAY_ID.exec(wanted)?.[1];
  if (displayId) return requirements.filter((r) => r.display_id === displayId);
  return matchByName(requirements, wanted, (r) => [r.display_id, r.key, r.text]);
}
