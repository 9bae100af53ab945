/**
 * Curated vocabulary for the local engine, written in plain words (stemmed on first use through the
 * same wink pipeline as the documents). The catalog requirements add their own keywords on top.
 */

/** Words naming the party that carries the security duties (the tenant, as supplier). */
export const PROVIDER_ROLE_WORDS = [
  'supplier',
  'vendor',
  'processor',
  'service provider',
  'hosting provider',
  'provider',
  'contractor',
  'business associate',
  'developer',
  'consultant',
  'licensor',
  'outsourcer',
  'seller',
];

/** Words naming the other party (the customer). */
export const CUSTOMER_ROLE_WORDS = ['customer', 'client', 'controller', 'merchant', 'covered entity', 'buyer', 'purchaser', 'licensee', 'authority'];

export const MUTUAL_SUBJECT = /\b(each party|either party|both parties|the parties|neither party|each of the parties|each of us|either of us|both of us|neither of us)\b/i;

/** Generic contract words that say nothing about an obligation's subject matter. */
export const CONTRACT_WORDS = [
  'agreement', 'services', 'service', 'provide', 'provided', 'party', 'parties', 'schedule', 'clause', 'section', 'annex',
  'exhibit', 'hereof', 'herein', 'thereof', 'accordance', 'reasonable', 'reasonably', 'applicable', 'relevant', 'including',
  'ensure', 'maintain', 'shall', 'must', 'term', 'behalf', 'request', 'written', 'writing', 'days', 'business', 'day', 'prior',
  'consent', 'perform', 'performance', 'purpose', 'purposes', 'set', 'out', 'use',
];

/** Security content words with their weight: how strongly a word signals a security duty. */
export const SECURITY_WORDS: Record<string, number> = {
  security: 1.5, secure: 1.5, securely: 1.5, safeguards: 1.5, protect: 1, protection: 1, confidential: 1.5, confidentiality: 1.5,
  confidence: 1, encryption: 2, encrypt: 2, encrypted: 2, cryptographic: 2, cryptography: 2, keys: 0.5, password: 2, passwords: 2,
  authentication: 2, authenticate: 2, credentials: 2, mfa: 2, access: 1.5, privileged: 2, accounts: 1, account: 0.5, unauthorised: 1.5,
  unauthorized: 1.5, vulnerability: 2, vulnerabilities: 2, patches: 2, patch: 2, penetration: 2, scan: 1.5, scans: 1.5, malware: 2,
  antimalware: 2, malicious: 1.5, firewall: 2, firewalls: 2, network: 1, networks: 1, vpn: 2, tls: 2, aes: 2, hardened: 2, baseline: 1.5,
  baselines: 1.5, incident: 2, incidents: 2, breach: 0.5, compromise: 1.5, forensic: 2, backup: 2, backups: 2, restore: 1.5,
  restoration: 1.5, recovery: 1.5, disaster: 1.5, continuity: 1.5, failover: 2, redundant: 1.5, resilience: 1.5, replicate: 1.5,
  snapshots: 1.5, log: 1.5, logs: 2, logging: 2, monitor: 1, monitoring: 1.5, siem: 2, alert: 1, alerts: 1, audit: 1.5, audits: 1.5,
  auditor: 1.5, auditors: 1.5, inspect: 1, inspection: 1, certification: 1.5, certificate: 1, attestation: 1.5, assessor: 1.5,
  compliance: 1, compliant: 1, privacy: 1.5, personal: 0.5, phi: 2, ephi: 2, cardholder: 2, pseudonymise: 2, tokenisation: 2,
  mask: 1.5, anonymise: 2, delete: 1.5, deletion: 1.5, destroy: 1.5, destruction: 1.5, sanitised: 2, wipe: 2, disposal: 1.5,
  disposition: 1.5, inventory: 1.5, assets: 1, training: 1.5, awareness: 2, phishing: 2, background: 1, screening: 1.5, sanctions: 1,
  subcontractor: 1.5, subcontractors: 1.5, subcontract: 1.5, subprocessor: 2, risk: 1.5, risks: 1.5, threat: 1.5, integrity: 1.5,
  physical: 1.5, cctv: 2, badge: 1.5, biometric: 2, visitors: 1.5, visitor: 1.5, escorted: 1.5, surveillance: 2, fire: 1,
  generators: 1, uninterruptible: 1.5, tampering: 1.5, endpoint: 2, devices: 1, laptops: 1.5, workstations: 1.5, removable: 1.5,
  segmentation: 2, segregate: 1.5, isolate: 1.5, ddos: 2, denial: 0.5, coding: 1.5, code: 1, owasp: 2, sdlc: 2, release: 0.5,
  escrow: 1, licence: 1, license: 1, data: 0.8, information: 0.3, records: 0.5, instructions: 0.5, transfer: 0.5, disclose: 1,
  disclosure: 1, session: 1.5, sessions: 1.5, inactivity: 1.5, lock: 1, locked: 1, regulators: 1, investigation: 1, fraud: 1,
  iso: 1.5, soc: 2, gdpr: 1.5, hipaa: 1.5, pci: 1.5, clock: 1.5, clocks: 1.5, synchronised: 1, assessment: 1, attacks: 1.5,
  hardware: 0.5, software: 0.5, remediate: 1, deficiency: 1, disable: 1.5, disabled: 1.5, revoke: 1.5, revocation: 1.5,
  retain: 0.5, retention: 1, capacity: 1, configuration: 1, scripts: 0.5, test: 0.5, testing: 1, copies: 0.5,
  privilege: 1.5, 'least-privilege': 2, 'need-to-know': 1.5, comply: 0.5,
};

/** Multi-word security phrases (in addition to the catalog keywords). */
export const SECURITY_PHRASES: Record<string, number> = {
  'personal data': 2,
  'data subject': 2,
  'health information': 2,
  'background check': 2,
  'due diligence': 1.5,
  'security incident': 2,
  'data breach': 2,
  'personal data breach': 2,
  'technical and organisational measures': 2,
  'least privilege': 2,
  'root cause': 1,
  'chain of custody': 2,
  'data centre': 1.5,
  'privacy practices': 1.5,
  'single sign-on': 2,
  'open source software': 1,
  'change control': 1.5,
  'impact assessment': 1.5,
  'processing activities': 2,
  'accounting of disclosures': 2,
  'access list': 1.5,
  'backed up': 2,
  'back up': 2,
  'business continuity': 1,
  'security breach': 2,
  'personal information': 2,
  'health check': 1.5,
};

/** Clause categories that are not security obligations, matched on the lower-cased sentence. */
export const BOILERPLATE: Record<string, RegExp> = {
  payment:
    /\b(fees?|invoices?|invoiced?|pay|payable|paid|payments?(?! (page|card|gateway|data|application|system|service|process|terminal))|prices?|charges?|charged|reimburse\w*|expenses|interest|tax(es)?|vat|gst|salar(y|ies)|bill (the|each|for)|billing|settle(ment)?|proceeds|chargebacks?|set off|costs?|hourly rates?)\b/,
  law: /\b(governed by|governing law|laws of|jurisdiction|courts?|arbitration|venue|conflict of laws)\b/,
  definition:
    /^["“][^"”]{1,80}["”](\s+or\s+["“][^"”]+["”])?\s+(means|shall mean|has the meaning|includes|refers to)\b|^[^.;]{0,120}["“][^"”]{1,60}["”]\s+(means|shall mean|is any|are any|refers to|has the meaning)\b|\b(shall have the meaning|have the meanings? given|have the same meaning|used but not defined|does not include information|do(es)? not apply to information)\b/,
  term: /\b(shall commence|commences on|initial (term|period)|renew\w*|shall continue (for|until|in)|remain in (force|effect)|continue in effect|terminate this agreement|may terminate|term of this|shall have an initial term)\b/,
  liability: /\b(liab(le|ility)|indemnif\w+|insurance|consequential loss)\b/,
  property: /\b(intellectual property|vest in|work product|exclusive property)\b/,
  general:
    /\b(entire agreement|assignment|assign (or transfer )?(this agreement|any of its rights|its rights)|severab\w*|unenforceable|waiver|counterparts|force majeure|independent contractors?|amend(ed|ment)? (to )?this|solicit\w*|partnership|joint venture|supersedes|headings? shall not affect|reference to a statute|singular include|signed (for and )?on behalf of|in witness whereof|authori[sz]ed signatory|duly authori[sz]ed representatives?)\b/,
};

/** Notices: a 'notice' word together with a postal or addressing detail. */
export const NOTICE_WORD = /\bnotices?\b/;
export const NOTICE_DETAIL = /\b(address(es)?|in writing|post|mail|delivered|deemed received|attention|registered letter|confirmation of receipt|sent by email to|sent to the)\b/;

/** Headings of sections that hold commercial or legal boilerplate. */
export const BOILERPLATE_HEADING =
  /\b(fees|payment|charges|compensation|governing law|jurisdiction|notices|definitions|interpretation|term|termination|liability|indemnity|insurance|intellectual property|general|miscellaneous|warranty|recitals|background|parties|venue|waiver|force majeure|proposals?|submissions?|instructions to|evaluation criteria|pricing|price schedule)\b/i;

/**
 * Curated domain phrases: contract and evidence wording that names the domain's subject matter,
 * weighted by how specific it is. The catalog's own requirement texts and keywords are added by the classifier.
 */
export const DOMAIN_PHRASES: Record<number, Record<string, number>> = {
  1: {
    'information security program': 3, 'information security programme': 3, 'security program': 2, 'security policies': 2,
    'risk assessment': 3, 'assessment of the potential risks': 3, risk: 1.5, 'background checks': 3, 'background check': 3,
    'background screening': 3, 'background verification': 3, criminal: 2, 'confidentiality agreement': 2.5,
    'obligations of confidentiality': 2.5, 'committed themselves to confidentiality': 2.5, sanctions: 3, disciplinary: 3,
    'security officer': 3, 'security official': 3, 'technical and organisational measures': 2, 'appropriate technical': 1.5,
    safeguards: 1.5, 'acceptable use': 2, 'senior management': 2,
  },
  2: {
    inventory: 2.5, assets: 2, sanitised: 2.5, sanitise: 2.5, 'destroyed before disposal': 3, disposal: 2.5, disposition: 2.5,
    wipe: 2.5, 'storage media': 2.5, 'electronic media': 2.5, reuse: 2, 're-use': 2, 'certificates of destruction': 3,
    'return all company equipment': 3, equipment: 1.5, tokens: 1, hardware: 1, licence: 2, license: 2, copyleft: 3, 'drives': 1.5,
  },
  3: {
    access: 1.5, accounts: 2, account: 1.5, password: 3, passwords: 3, 'multi-factor authentication': 2.5, authentication: 1.5,
    authenticate: 1.5, privileged: 2.5, 'least-privilege': 3, 'least privilege': 3, credentials: 2.5, 'login credentials': 2.5,
    'unique user': 3, 'unique name': 3, 'failed login': 3, sessions: 2.5, inactivity: 2, revoke: 2, revocation: 2, disable: 2,
    'single sign-on': 3, 'access rights': 3, 'reviewed at least quarterly': 2, 'need such access': 2, 'shared': 1, 'individual accounts': 3,
    'administrative access': 2, 'password vault': 3, 'access list': 1,
  },
  4: {
    'personal data': 2, 'data subject': 3, encrypted: 2.5, encrypt: 2.5, encryption: 2.5, tls: 2, aes: 2, 'key management': 3,
    keys: 1.5, cryptographic: 2.5, cryptography: 2.5, pseudonymise: 3, mask: 3, tokenisation: 3, unreadable: 3, confidential: 2,
    confidence: 2, disclose: 2, disclosures: 2, privacy: 2.5, transfer: 2, transfers: 2, 'third country': 3, delete: 2,
    deletion: 2, 'return or destroy': 2.5, 'return or securely destroy': 2.5, 'processing activities': 3, instructions: 2,
    'impact assessment': 2.5, 'minimum necessary': 3, 'designated record set': 3, 'accounting of disclosures': 3,
    'sensitive authentication data': 3, 'lawful basis': 3, 'classification': 2, 'handling standard': 2, 'removable media': 1.5,
    'personal email': 2, 'integrity controls': 2.5, 'improperly altered': 2.5, 'outside the': 1.5, 'privacy act': 3,
  },
  5: {
    vulnerability: 3, vulnerabilities: 3, patches: 3, patch: 3, 'security updates': 3, scans: 3, scanned: 3, scan: 3,
    'penetration test': 3, 'penetration testing': 3, remediate: 2, remediation: 2, findings: 1.5, exploitable: 2.5,
    'approved scanning vendor': 3, 'actively exploited': 3, 'it health check': 3,
  },
  6: {
    network: 2, networks: 2, firewall: 3, firewalls: 3, segmentation: 3, segregate: 2.5, vpn: 3, bastion: 3, 'denial-of-service': 3,
    traffic: 2, 'rule sets': 2.5, rules: 1, 'virtual networks': 2.5, 'remote administrative access': 2, 'administrative workstations': 2.5,
    'encrypted connection': 1.5, 'cardholder data environment': 1, isolate: 2, 'security group': 3, 'security groups': 3, ingress: 2.5,
    egress: 2.5, cidr: 3, inbound: 2, outbound: 2, 'network policy': 3, subnet: 2.5, subnets: 2.5, 'load balancer': 2, 'port range': 2.5,
  },
  7: {
    'anti-malware': 3, malware: 3, 'malicious software': 3, endpoint: 3, 'endpoint detection and response': 3, workstations: 2,
    laptops: 3, devices: 2, 'mobile devices': 2.5, 'full-disk encryption': 3, 'configuration baselines': 3, 'hardened configuration': 3,
    'secure configuration': 3, hypervisors: 1.5, 'operating systems': 1.5, 'guest operating systems': 2, 'screen locking': 1.5,
    'company-managed laptops': 3, 'endpoint protection': 3,
  },
  8: {
    'secure development': 3, 'software development lifecycle': 3, 'secure software development': 3, code: 2.5, coding: 3,
    'source code': 2.5, owasp: 3, 'static analysis': 3, 'static application security testing': 3, 'dynamic application security testing': 3,
    'software bill of materials': 3, components: 1.5, release: 1.5, 'development or test environments': 3,
    'development and test environments': 3, 'change management': 2.5, 'change control': 2.5, rollback: 2.5,
    'web application firewall': 3, scripts: 1.5, 'payment page': 2, deliverable: 1.5, deliverables: 1.5, escrow: 2.5, libraries: 2,
    'threat modelling': 3, 'synthetic or masked data': 3, 'security acceptance tests': 3, 'root-cause analysis': 1,
  },
  9: {
    logs: 3, log: 3, logging: 3, logged: 2.5, siem: 3, 'security information and event management': 3, monitor: 2, monitored: 2,
    monitoring: 2, alerts: 2, alert: 2, 'audit logs': 3, 'audit trail': 2, clocks: 3, 'time source': 3, synchronised: 2,
    'file integrity monitoring': 3, 'suspicious activity': 2.5, anomalies: 2.5, 'record and examine activity': 3,
  },
  10: {
    incident: 3, incidents: 3, 'security incident': 3, breach: 2.5, 'personal data breach': 3, notify: 2, notification: 2,
    forensic: 3, 'chain of custody': 3, 'root cause': 2, compromise: 2, contain: 2, mitigate: 1.5, mitigation: 1.5,
    investigation: 2, 'unauthorised use': 2, 'unauthorised access': 1.5, fraud: 2, 'post-incident': 3, 'lost device': 2,
    'incident response': 3, 'security event': 3, 'security events': 2, 'harmful effect': 2.5, 'suspected compromise': 2,
  },
  11: {
    'sub-processor': 3, 'sub-processors': 3, subprocessor: 3, subcontractor: 3, subcontractors: 3, subcontract: 3,
    'third-party service providers': 3, 'service providers': 2, 'due diligence': 3, questionnaire: 3, 'responsibility matrix': 3,
    'transition assistance': 2.5, 'written contract': 1.5, 'security practices': 1, 'third-party security questionnaire': 3,
  },
  12: { training: 3, awareness: 3, trained: 3, train: 3, phishing: 1.5, 'social engineering': 1.5, reminders: 1.5, 'security awareness': 3 },
  13: {
    backup: 3, backups: 3, 'back up': 3, restore: 2.5, restoration: 2.5, 'disaster recovery': 3, 'business continuity': 3,
    'recovery time objective': 3, 'recovery point objective': 3, failover: 3, redundant: 3, redundancy: 3, 'availability zones': 2,
    replicate: 2.5, snapshots: 2.5, 'geographically separate': 2.5, 'geographically separated': 2.5, capacity: 2.5, immutable: 1.5,
    resilience: 2, 'active-active': 3, 'backed up': 3,
  },
  14: {
    audit: 3, audits: 3, auditor: 3, auditors: 3, iso: 2, '27001': 2, certification: 3, certificate: 2, 'soc 2': 3,
    'type ii': 2, 'attestation of compliance': 3, 'pci dss': 2, compliance: 2, compliant: 2, comply: 1.5, inspect: 2,
    inspection: 2, inspections: 2, examine: 2, regulators: 2, 'qualified security assessor': 3, 'control deficiency': 3, 'it health check': 1,
    'demonstrate compliance': 3, 'validation procedures': 2, 'secretary of health and human services': 3, records: 1,
    'isae 3402': 3, 'interagency guidelines': 2,
  },
  15: {
    physical: 3, 'data centre': 2.5, 'data centres': 2.5, 'data halls': 2.5, 'data hall': 2.5, facilities: 2, facility: 2,
    badge: 3, biometric: 3, cctv: 3, 'video surveillance': 3, visitors: 3, visitor: 3, escorted: 3, perimeter: 2.5, fencing: 3,
    fire: 3, suppression: 3, leak: 3, 'climate control': 3, uninterruptible: 3, generators: 3, 'locked drawer': 3,
    'lock their screens': 2.5, paper: 2, 'point-of-interaction': 2.5, tampering: 2, 'access list': 2,
  },
};
