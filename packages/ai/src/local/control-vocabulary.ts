/**
 * How controls say the same thing in different words, for matching a requirement to the evidence that
 * meets it: 'credentialed scans' are authenticated scans, a 'pull request with one approving review' is a
 * peer review, 'new starters' are people who join. Stems (after spelling out abbreviations) map to one
 * stem; phrases and product names add the words a requirement would use.
 */

const GROUPS: string[][] = [
  ['authent', 'credenti'],
  ['updat', 'revis', 'amend'],
  ['track', 'record', 'log'],
  ['workforc', 'staff', 'employe', 'personnel', 'worker', 'user'],
  ['depart', 'leaver', 'leav', 'offboard', 'termin'],
  ['join', 'starter', 'onboard', 'hire', 'induct', 'recruit'],
  ['restrict', 'limit'],
  ['authoris', 'authoriz', 'permit', 'entitl'],
  ['escal', 'notifi'],
  ['execut', 'cto', 'ceo', 'ciso', 'cio', 'cfo', 'board', 'director', 'leadership'],
  ['remov', 'disabl', 'revok', 'deactiv', 'suspend', 'delet', 'destroy', 'wipe', 'purg', 'eras', 'shred', 'dispos', 'sanit'],
  ['inventori', 'cmdb', 'regist'],
  ['retain', 'retent', 'kept', 'keep', 'archiv', 'preserv', 'held'],
  ['block', 'prevent', 'deni', 'deny', 'reject', 'refus', 'forbid', 'prohibit'],
  ['lock', 'lockout'],
  ['fail', 'invalid', 'unsuccess', 'incorrect', 'bad'],
  ['login', 'logon', 'signin'],
  ['review', 'reconcil', 'recertifi', 'attest', 'reassess'],
  ['locat', 'site', 'room', 'premis'],
  ['test', 'exercis', 'tabletop', 'drill', 'simul', 'rehears'],
  ['passcod', 'pin', 'passphras'],
  ['lesson', 'find', 'improv'],
  ['peer', 'approving'],
  ['continu', 'around-the-clock'],
  ['sever', 'sev1', 'sev2', 'p1', 'p2'],
  ['vulner', 'cve'],
  ['patch', 'remedi', 'fix'],
  ['instal', 'deploy'],
  ['train', 'cours', 'modul', 'refresh'],
  ['complet', 'finish'],
  ['encrypt', 'cipher'],
  ['backup', 'snapshot', 'replica'],
  ['restor', 'recoveri', 'recov'],
  ['supplier', 'vendor', 'third-parti', 'processor', 'subprocessor'],
  ['alert', 'alarm', 'page'],
  ['investig', 'triag'],
  ['rebuild', 'rebuilt'],
  ['build', 'built'],
  ['higher', 'later', 'newer', 'abov'],
  ['allowlist', 'whitelist'],
  ['verifi', 'confirm'],
  ['respond', 'respons', 'repli', 'answer'],
  ['screen', 'vet'],
];

const SAME_AS: Record<string, string> = Object.fromEntries(GROUPS.flatMap(([head, ...rest]) => rest.map((stem) => [stem, head!])));

/** Phrases and named products, with the words a requirement would use for them. */
const PHRASES: Array<[RegExp, string]> = [
  [/\bback(?:s|ed|ing)? up\b/gi, 'backup'],
  [/\b(?:pull|merge) requests?\b|\bapproving reviews?\b|\bcode reviews?\b|\bCODEOWNERS\b|\breviewers?\b/gi, 'peer review'],
  [/\bsemgrep\b|\bsonar(?:qube|cloud)?\b|\bcodeql\b|\bcheckmarx\b|\bfortify\b|\bsnyk code\b|\bstatic (?:code )?analysis\b/gi, 'static application security testing SAST automated security scanning'],
  [/\bsnyk\b|\bdependabot\b|\brenovate\b|\bOWASP dependency-check\b|\btrivy\b|\bgrype\b/gi, 'software composition analysis dependency automated security scanning'],
  [/\bKPIs?\b/g, 'metrics'],
  [/\bcrowdstrike\b|\bfalcon\b|\bsentinelone\b|\bdefender for endpoint\b|\bcarbon black\b|\bendpoint detection\b/gi, 'endpoint detection and response EDR'],
  [/\bsplunk\b|\bsentinel\b|\bqradar\b|\bchronicle\b|\bsumo logic\b|\belastic security\b|\blog management\b/gi, 'SIEM'],
  [/\b24\s*[x/]\s*7\b|\b24 hours a day\b|\baround the clock\b|\bat all times\b|\bcontinuous(?:ly)?\b/gi, 'continuously'],
  [/\bkey management service\b|\bkey vault\b|\bcloud ?hsm\b|\bKMS\b|\bhardware security modules?\b/gi, 'HSM key management'],
  [/\bfirst (?:day|week|month)\b|\bnew (?:starters?|joiners?|hires?|employees?)\b|\bwhen they join\b|\bupon hire\b|\bon joining\b/gi, 'join'],
  [/\bpost-incident reviews?\b|\blessons[- ]learned\b|\bretrospectives?\b/gi, 'lessons learned'],
  [/\bokta verify\b|\bauthenticator app\b|\bsecond factor\b|\btwo-factor\b|\b2fa\b|\bfido2?\b|\bhardware (?:security )?keys?\b|\bpush (?:notification|approval)\b|\bduo(?: push)?\b|\bhardware tokens?\b|\btoken codes?\b|\bnumber matching\b|\btwo-step\b|\b2-step\b|\bone-time (?:codes?|pass(?:words?|codes?))\b|\bTOTP\b/gi, 'multi-factor authentication MFA'],
  [/\b(?:single sign-on|SSO)\b/gi, 'single sign-on authentication'],
  [/\bgeneral counsel\b|\bsenior management\b|\bexecutive team\b|\bmanagement team\b/gi, 'executive management'],
  [/\bcloudtrail\b|\baudit logs?\b|\bactivity logs?\b|\baudit trails?\b|\btrail name\b/gi, 'audit logging'],
  [/\bmanagement events\b|\badmin(?:istrator)? activity\b|\bprivileged actions?\b/gi, 'administrator actions'],
  [/\bobject lock\b|\bworm\b|\bwrite[- ]once\b|\bimmutable\b|\blog file validation\b|\btamper[- ]?(?:proof|evident)\b/gi, 'immutable protected from modification'],
  [/\bchange advisory board\b|\bCAB\b/g, 'change approval'],
  [/\bUSB (?:drives?|sticks?|storage|devices?)\b|\b(?:thumb|flash|pen) drives?\b|\bexternal (?:hard )?drives?\b/gi, 'removable media'],
  [/\bsession[- _]?timeout\b|\bidle[- _]?timeout\b|\binactivity[- _]?timeout\b|\bautomatic (?:sign|log)[- ]?(?:out|off)\b|\bauto[- ]?(?:logoff|logout|lock)\b|\bscreen ?lock\b/gi, 'log off automatically after inactivity, ending the session'],
  [/\bindividual (?:network )?(?:logins?|accounts?|user ?names?)\b|\bnamed (?:user )?accounts?\b|\bno shared accounts\b/gi, 'unique user ID'],
  [/\btokeni[sz](?:ed|ation)\b|\btruncat(?:ed|ion)\b|\bone-way hash(?:ed|es)?\b|\bmasked\b|\bgateway tokens?\b/gi, 'unreadable'],
  [/\bNTP\b|\bchrony\b|\bntpd\b|\bNtpServer\b|\btime servers?\b|\bstratum[- ]\d\b/gi, 'authoritative time source synchronise clocks'],
  [/\bDR\b/g, 'disaster recovery'],
  [/\bBCP\b/g, 'business continuity plan'],
  [/\bRTOs?\b/g, 'recovery time objective'],
  [/\bRPOs?\b/g, 'recovery point objective'],
  [/\bintune\b|\bjamf\b|\bkandji\b|\bworkspace one\b|\bmobileiron\b|\bMDM\b|\bconfiguration profiles?\b/gi, 'MDM management'],
  [/\bdeployed (?:via|through|by)\b|\bpushed (?:via|through|by)\b|\bremoval disallowed\b|\bcannot be (?:disabled|removed|turned off) by (?:the )?users?\b/gi, 'enforced'],
  [/\bglobalprotect\b|\banyconnect\b|\bwireguard\b|\bopenvpn\b|\bzscaler private access\b|\btailscale\b/gi, 'VPN remote access'],
  [/\bcrowdstrike\b|\bsentinelone\b|\bdefender\b|\bcarbon black\b|\bsophos\b|\bmalwarebytes\b|\bantivirus\b|\banti-virus\b|\bEDR\b/gi, 'anti-malware'],
  [/\bapplocker\b|\bWDAC\b|\bapplication control\b|\bapp ?control\b|\bsoftware restriction polic(?:y|ies)\b/gi, 'application allowlisting, preventing unauthorised software from executing'],
  [/\bNDAs?\b|\bnon-disclosure agreements?\b/g, 'confidentiality agreement'],
  [/\bDUAs?\b/g, 'data use agreement'],
  [/\boverlays?\b|\bskimm(?:ers?|ing)\b|\bbroken seals?\b|\bextra wires?\b/gi, 'tampering'],
  [/\bSBOMs?\b|\bCycloneDX\b|\bSPDX\b/g, 'software bill of materials'],
  [/\bscreening\b|\bvetting\b|\bCheckr\b|\bDBS checks?\b/gi, 'background'],
  [/\bpre-employment checks?\b/gi, 'background screening'],
  [/\bfour[- ]eyes\b|\bother than the requester\b|\bsecond (?:approver|person|reviewer)\b|\btwo-person\b|\bdual (?:control|approval)\b/gi, 'second person approval'],
  [/\bPIM\b|\bJIT\b|\bjust[- ]in[- ]time\b|\belevation\b/gi, 'just-in-time privileged access'],
  [/\bhot (?:storage|tier)\b|\bsearchable\b|\bsearched (?:instantly|immediately|online)\b|\binteractive (?:tier|retention)\b/gi, 'immediately available for analysis'],
  [/\bnot supported\b|\bTLS ?1\.[01]:? (?:no|off|disabled)\b/gi, 'disabled'],
  [/\bTLS ?v?1[._]?2\b|\bTLS_?1_2\b/gi, 'TLS 1.2 encrypted'],
  [/\bTLS ?v?1[._]?3\b|\bTLS_?1_3\b|\bHTTPS only\b|\bIPsec\b|\bSFTP\b/gi, 'encrypted in transit'],
  [/\bdeny[- _]?all(?:[- _]inbound)?\b|\bdefault[- _]deny\b|\bimplicit deny\b/gi, 'deny by default, restricted to required ports only'],
  [/\bdeep ?freeze\b|\bdiscard(?:s|ing)? (?:any |all )?changes\b|\breset to (?:a |the )?(?:clean|standard|golden) (?:image|state|build)\b/gi, 'restored to a known-good configuration'],
  [/\breturn(?:ed|s)? (?:box|their|the|all|company)\b|\bcollect(?:ed|s)? (?:the|their|all) (?:laptops?|devices?|equipment|badges?)\b/gi, 'recover'],
  [/\bNIST (?:SP )?800-88\b|\bpurge method\b|\bcrypto(?:graphic(?:ally)?)? eras\w*\b|\bdegauss\w*\b/gi, 'sanitise unrecoverable'],
  [/\bhardened (?:builds?|images?|configurations?)(?: standards?)?\b|\bbuild standards?\b|\bgolden images?\b|\bCIS Benchmarks?\b|\bsecurity baselines?\b/gi, 'secure configuration baseline'],
  [/\broaming client\b|\bumbrella\b|\bzscaler internet access\b|\bsecure web gateway\b|\bSWG\b|\b(?:DNS|URL|web) filter\w*\b/gi, 'DNS URL filtering web traffic'],
  [/\bglobal admin\w*\b|\bdomain admins?\b|\benterprise admins?\b|\broot (?:account|user)s?\b|\bsuper ?admins?\b/gi, 'privileged account'],
  [/\b(?:detection|alert|analytics) rules?\b/gi, 'monitor alert'],
  [/\breturn 301 https\b|\bHSTS\b|\bStrict-Transport-Security\b|\bhttps ?only\b|\bredirect(?:ed|s)? to https\b/gi, 'redirect refuse unencrypted connections'],
  [/\bverbal approval\b|\bretrospective(?:ly)? approv/gi, 'approval'],
];

/** How often, said the way requirements say it ('every 24 hours' is daily, 'every twelve months' annual). */
const FREQUENCIES: Array<[RegExp, string]> = [
  [/\bevery (?:24 hours|day|night|working day|business day|shift)\b|\bnightly\b|\bonce (?:a|per|each) day\b|\b(?:each|per) day\b|\b(?:at|before) (?:store |branch |site )?opening\b|\beach (?:morning|shift)\b/gi, 'daily'],
  [/\bevery (?:7 days|week)\b|\bevery (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\bon (?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays)\b/gi, 'weekly'],
  [/\bevery (?:month|30 days)\b|\b(?:first|last) \w+ of (?:each|every) month\b|\beach month\b/gi, 'monthly'],
  [/\b(?:January|February|March),? (?:April|May|June),? (?:July|August|September),? (?:and )?(?:October|November|December)\b/g, 'quarterly'],
  [/\b(?:January|February|March|April|May|June) and (?:July|August|September|October|November|December)\b/g, 'semiannually'],
  [/\bevery (?:three|3) months\b|\bevery quarter\b|\beach quarter\b|\bonce (?:a|per|each) quarter\b|\b(?:four|4) times (?:a|per|each) year\b/gi, 'quarterly'],
  [/\bevery (?:six|6) months\b|\btwice (?:a|per|each) year\b|\btwice yearly\b|\bhalf-yearly\b|\bsemi-annual(?:ly)?\b|\bbiannual(?:ly)?\b/gi, 'semiannually'],
  [/\bevery (?:twelve|12) months\b|\bevery (?:year|365 days)\b|\bonce (?:a|per|each) year\b|\beach year\b|\byearly\b|\b(?:each|every) (?:January|February|March|April|May|June|July|August|September|October|November|December)\b/gi, 'annually'],
];

/** A control run more often than required meets the requirement: a weekly scan is also a monthly one. */
const MORE_OFTEN: Record<string, string[]> = {
  daili: ['weekli', 'monthli', 'quarterli', 'semiannu', 'annual'],
  weekli: ['monthli', 'quarterli', 'semiannu', 'annual'],
  monthli: ['quarterli', 'semiannu', 'annual'],
  quarterli: ['semiannu', 'annual'],
  semiannu: ['annual'],
  continu: ['daili', 'weekli', 'monthli'],
};

const SAME_FREQUENCY: Record<string, string> = { quarter: 'quarterli', month: 'monthli', week: 'weekli', yearli: 'annual', year: 'annual' };

/** The text with the words requirements use for its phrases, products and frequencies added. */
export function withControlWords(text: string): string {
  return [...PHRASES, ...FREQUENCIES].reduce((out, [pattern, words]) => out.replace(pattern, (m) => `${m} ${words}`), text);
}

/**
 * Nouns whose Porter stem is not their verb's ('verification' → 'verif', 'verify' → 'verifi'): the verb's stem,
 * so a requirement to verify is shown by a verification.
 */
const DERIVED: Record<string, string> = {
  verif: 'verifi', notif: 'notifi', classif: 'classifi', identif: 'identifi', certif: 'certifi', recertif: 'recertifi', modif: 'modifi', justif: 'justifi', specif: 'specifi',
  reconcili: 'reconcil', invoc: 'invok', revoc: 'revok', destruct: 'destroy', mainten: 'maintain', signatur: 'sign', acquisit: 'acquir', sanitis: 'sanit',
};

/** 'authorize' and 'authorise', 'minimization' and 'minimisation': one spelling, so one stem. */
export function britishSpelling(text: string): string {
  return text.replace(/\b([A-Za-z]{3,})iz(e|es|ed|ing|ation|ations|er|ers)\b/g, '$1is$2');
}

/** One stem for each way of saying the same thing. */
export function sameStem(stem: string): string {
  const base = DERIVED[stem] ?? stem;
  return SAME_FREQUENCY[base] ?? SAME_AS[base] ?? base;
}

/** What evidence of a control also shows: the less frequent runs a more frequent one meets. */
export function impliedStems(stems: readonly string[]): string[] {
  return stems.flatMap((stem) => MORE_OFTEN[stem] ?? []);
}
