/**
 * The name to cite: a display name as given, or one that is still a file name ('access_control_policy_v2.pdf')
 * written as words ('Access Control Policy v2').
 */
/** Two-letter words that are words, not initialisms. */
const SMALL_WORDS = new Set(['of', 'to', 'in', 'on', 'at', 'an', 'by', 'or', 'as', 'is', 'for', 'and']);

/** Three- and four-letter initialisms a file name writes in lower case ('edr_policy_export.txt'). */
const INITIALISMS = new Set(['edr', 'dns', 'mdm', 'siem', 'sso', 'mfa', 'vpn', 'tls', 'ssl', 'iam', 'kms', 'hsm', 'waf', 'dlp', 'pam', 'bcp', 'drp', 'isms', 'soc', 'soa', 'dpa', 'baa', 'nda', 'sla', 'aws', 'gcp', 'lms', 'hr', 'it', 'ssdlc', 'sdlc', 'ids', 'ips', 'xdr', 'ndr', 'rbac', 'pki', 'ca', 'gdpr', 'hipaa', 'pci', 'dss', 'iso', 'nist', 'cis', 'sast', 'dast', 'sca', 'cmdb', 'itsm', 'bia', 'rto', 'rpo', 'dr', 'bc', 'ir', 'jml', 'dpia', 'ropa', 'soc2']);

/**
 * A file extension at the end of a name, before what a bracket adds ('build.yml (hp-client-portal)') or before
 * what a dash adds ('risk_register_2024.xlsx - RTPI row').
 */
const EXTENSION = /\.(?=[a-z0-9]*[a-z])[a-z0-9]{2,4}(?=\s*(?:\([^()]*\))?$|\s+[-–—:]\s)/i;

/** A file's stem kept as the display name: lower-case words joined by hyphens ('information-security-policy'). */
const SLUG = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$/;

export function citedName(name: string): string {
  // '.github/workflows/build.yml (hp-client-portal)': a path is cited by its file's name.
  // 'RE: ASV scans?', 'Why do we check?': a question or exclamation mark in a name would end the sentence that cites it.
  const trimmed = name.trim().replace(/^(?:[\w.-]+\/)+(?=[\w.-]+\.[a-z0-9]{2,4}\b)/i, '').replace(/\s*[?!]+(?=\s|$)/g, '');
  if (!/_/.test(trimmed) && !EXTENSION.test(trimmed) && !SLUG.test(trimmed)) return trimmed;
  const bracket = /\s*\([^()]*\)$/.exec(trimmed)?.[0] ?? '';
  // A bracket that holds a path or an address ('(www.example.gov.uk/.well-known/security.txt)') is left out.
  const kept = /[/\\]|\.[a-z0-9]{2,4}\b/i.test(bracket) ? '' : bracket;
  const words = trimmed
    .slice(0, trimmed.length - bracket.length)
    .replace(EXTENSION, '')
    .replace(/[_]+|(?<=[a-z])-(?=[a-z])/gi, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return words
    .map((w, i) => {
      if (!/^[a-z]/.test(w) || /^v\d/.test(w)) return w;
      // 'ci' and 'hr' are initialisms; 'of' and 'to' stay small unless they start the name.
      if ((w.length === 2 && (i === 0 || !SMALL_WORDS.has(w))) || INITIALISMS.has(w)) return w.toUpperCase();
      return w.length > 2 || i === 0 ? w[0]!.toUpperCase() + w.slice(1) : w;
    })
    .join(' ')
    .concat(kept);
}
