/**
 * Abbreviations of security practice and the words documents write them out with: one list for the
 * assistant's question parser and passages and for the suggested responses.
 */

/** Abbreviations and the words documents spell them out with, for matching document names and passages. */
export const ABBREVIATIONS: Array<[RegExp, string]> = [
  [/\bdr\b/i, 'disaster recovery'],
  [/\bbc\b/i, 'business continuity'],
  [/\bpen ?tests?\b/i, 'penetration test'],
  [/\bmfa\b/i, 'multi-factor authentication'],
  [/\bir\b/i, 'incident response'],
  [/\bjml\b/i, 'joiner mover leaver'],
  [/\bsdlc\b/i, 'secure development'],
  [/\bcrypto\b/i, 'cryptography'],
  [/\bvulns?\b/i, 'vulnerability'],
  [/\bdpo\b/i, 'data protection officer'],
  [/\bphi\b/i, 'protected health information'],
  [/\bba\b/i, 'business associate'],
  [/\brto\b/i, 'recovery time objective'],
  [/\brpo\b/i, 'recovery point objective'],
  [/\b2fa\b/i, 'multi-factor authentication'],
  [/\bsso\b/i, 'single sign-on'],
  [/\bedr\b/i, 'endpoint detection and response'],
  [/\bsiem\b/i, 'security information and event management'],
  [/\bpam\b/i, 'privileged access management'],
  [/\bdlp\b/i, 'data loss prevention'],
  // Not abbreviations, but the words documents use for the same limit.
  [/\b(?:time-?outs?|screen ?locks?|auto-?lock)\b/i, 'inactivity'],
];

/** The text followed by the spelled-out words of the abbreviations it holds. */
export function spellOut(text: string): string {
  return [text, ...ABBREVIATIONS.filter(([pattern]) => pattern.test(text)).map(([, words]) => words)].join(' ');
}
