import { DOMAIN_COUNT } from './domain-classifier';

/**
 * Setting names of configuration exports, by the domain they configure. Exports name settings in
 * compound keys (`FromPort`, `srcintf`, `passwordMinimumLength`, `kms_key_id`) that prose vocabulary
 * does not reach, so they are matched in the lower-cased text without word boundaries.
 */
const SETTING_NAMES: ReadonlyArray<readonly [number, RegExp]> = [
  [3, /password|passwd|\bmfa\b|multi-?factor|conditional ?access|sign-?on|signon|authenticat|lockout|\bsso\b|\bsaml\b|\boidc\b|grantcontrols/g],
  [4, /encrypt|\bkms|keyvault|key[-_ ]?(rotation|source|id\b)|\bcmk\b|\bsse\b|at[-_ ]?rest|\btls|ssl-min|cipher/g],
  [6, /firewall|vlan|subnet|cidr|srcaddr|dstaddr|srcintf|dstintf|ingress|egress|securitygroup|security[-_ ]?rules?|access-list|\bacl|\bnat\b|\broute|interface|fromport|toport|port[-_ ]?range|\bprotocol|ipsec|\bvpn|\bzone|networkpolic|allowaccess/g],
  [7, /antivirus|antispyware|defender|\bedr\b|bitlocker|filevault|jailbr|rooted|secureboot|secure[-_ ]boot|device ?compliance|compliancepolic|\bmdm\b|screen ?lock|inactivitybeforelock|osminimumversion|\bdevices?\b|laptops?|\btpm\b|endpoints?|\bsensors?\b|\bagents?\b|\bhosts?\b|malware|threat/g],
  [9, /\blog(s|ging|traffic)?\b|cloudtrail|syslog|\bsiem|audit[-_ ]?log|\bforward|fluent|\boutput\b|detection|\balert|flowlog|flow[-_ ]?logs|logsource|eventid|correlation|timeframe|falsepositives|\bsplunk|\bkql\b/g],
  [13, /backup|snapshot|restore|replica|\bttl\b|vault[-_ ]?lock|objectlock|retentiondays|\brpo\b|\brto\b/g],
];

/** Share of each domain among the setting names a configuration text uses (index = domain number; all zero when none). */
export function configurationDomainShares(text: string): Float64Array {
  const lower = text.toLowerCase();
  const counts = new Float64Array(DOMAIN_COUNT + 1);
  let total = 0;
  for (const [domain, pattern] of SETTING_NAMES) {
    const count = lower.match(pattern)?.length ?? 0;
    counts[domain] = (counts[domain] ?? 0) + count;
    total += count;
  }
  if (total > 0) for (let d = 1; d <= DOMAIN_COUNT; d += 1) counts[d] = (counts[d] ?? 0) / total;
  return counts;
}
