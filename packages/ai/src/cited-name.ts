/**
 * The name to cite: a display name as given, or one that is still a file name ('access_control_policy_v2.pdf')
 * written as words ('Access Control Policy v2').
 */
export function citedName(name: string): string {
  const trimmed = name.trim();
  if (!/_|\.(?=[a-z0-9]*[a-z])[a-z0-9]{2,4}$/i.test(trimmed)) return trimmed;
  const words = trimmed
    .replace(/\.(?=[a-z0-9]*[a-z])[a-z0-9]{2,4}$/i, '')
    .replace(/[_]+|(?<=[a-z])-(?=[a-z])/gi, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return words.map((w) => (/^[a-z]/.test(w) && !/^v\d/.test(w) && w.length > 2 ? w[0]!.toUpperCase() + w.slice(1) : w)).join(' ');
}
