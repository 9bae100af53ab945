/**
 * The kinds of evidence sentence that speak of a control without showing it: those that only speak of the
 * topic (definitions, exceptions, sanctions), those about the document itself, those saying a control is
 * not done, only planned or only allowed, and the headings of sections that frame a document or its
 * exceptions. The suggested responses never offer them as support; the evidence linker scores them low.
 */

/** Sentences that speak of the topic without meeting it: exceptions, sanctions, definitions. */
export const NOT_A_CONTROL = /^definitions?\b|^(?:an? |the )?[\w ()-]{2,50} (?:is|are) (?:an? |any |the )?(?:tool|type|kind|form|method|way|process|practice|piece of software|request|event|incident|person|individual|account|device|system|attack)s?,? (?:that|which|used|for|of|to|in|by|where)\b|^(?:an? |the )?['‘"“][^'’"”]{1,40}['’"”] (?:is|means|refers)\b|^where\b[^,]*\b(?:cannot|can't|does not|do not|is unable|are unable)\b|^you (?:have|may|can)\b|\b(?:exceptions?|exemptions?|(?:are|is) exempt|(?:is|are) suspended|does not apply|do not apply|risk acceptance|waivers?|disciplinary|violations?|sanctions?|dismissal|gross misconduct|breach of this policy|means|refers to|is defined as|purpose of this|(?:this|the) (?:policy|procedure|standard|document|charter|manual|handbook|framework|programme|program|section|chapter|appendix|annex) (?:applies|describes|sets out|defines|covers|establishes|outlines)|it applies to|applies to (?:all|every|any))\b|^[A-Z][^:.]{1,40}:\s+[a-z]+ing\s(?:(?!\b(?:is|are|was|were|must|shall|will)\b)[^.])*$|^[A-Z][^:.]{1,60}:\s+(?:a|an|the|any)\s|^[A-Z][^:.]{1,60}:\s+\w+(?: \w+)? (?:that|which|who) |^[A-Z][\w -]{1,40} (?:includes?|comprises?) /i;

/** Sentences about the document itself (who owns and approves it, when it is reviewed), not the control. */
export const ABOUT_THE_DOCUMENT = /\b(?:owns|approves?|reviews?|maintains?) (?:this|the) (?:policy|procedure|standard|document|plan)\b|\bowns the list\b|\b(?:owns|approves|reviews) it\b|\bdocument owner\b|\bnext review\b/i;

/** A document saying how it is kept itself: 'This disaster recovery plan is reviewed annually and after major changes'. */
export const DOCUMENT_KEPT = /^(?:this|the) (?:[\w-]+ ){0,3}(?:policy|procedure|standard|document|plan|charter|manual|handbook|framework) (?:is|will be) (?:owned|approved|reviewed|maintained|updated)\b/i;

/** A control said to be off or not in place ('Session recording was switched off', 'is on hold until'): the part it speaks of is missing. */
export const UNDONE = /\b(?:but not (?:purchased|adopted|implemented|deployed|rolled out|approved|bought|procured|funded|started|agreed)|could not|(?:nobody|no one) could|^finding \d+\b|(?:is|are|was|were) (?:created|issued|granted|stored|sent|kept|published) without\b|with no (?:[\w-]+ ){0,2}(?:scan|scanning|encryption|MFA|review|approval|logging|backups?)\b|(?:the company|we) cannot\b|(?:was|were) able to (?:reach|access|connect to|read|log in|sign in|view|download|modify|open)|allowing [^.]{0,60}\bto be (?:read|modified|intercepted|changed)|not available (?:on|in|with|under|for)|(?:has|have) no (?:[\w-]+ ){0,2}(?:option|support|capability)|(?:was|were) unable to|(?:is|are) (?:often |usually |sometimes |currently )?unable to|still waiting|waiting (?:on|for) (?:the )?[\w-]+|^in progress:|\((?:blank|empty|not set)\)|cannot (?:provide|produce|demonstrate|show)|(?:is|are) (?:currently |still )?under (?:discussion|review|consideration|evaluation)|not (?:yet )?part of|(?:was|were|has been|have been) (?:suspended|switched off|turned off|paused|stopped|discontinued)|(?:is|are) (?:currently )?(?:on hold|paused|switched off|turned off)|put on hold|on hold until|not (?:yet )?(?:enabled|implemented|configured|deployed|in place|rolled out|onboarded|enrolled)|^not connected\b|(?:do|does|did) not (?:currently|regularly|routinely|always) [a-z]+|(?:is|are|was|were) not being [a-z]+ed|(?:have|has|had) not done|(?:haven't|hasn't|hadn't) (?:done|run|performed|carried out|tested|reviewed)|none (?:have|has) been (?:done|run|performed|carried out|held|completed)|\black(?:s|ing)? (?:the )?(?:staff|budget|resources|people|capacity|funding)|\b(?:currently )?unfunded|won't fix|still (?:holds?|stores?|uses?|runs?|negotiates?|accepts?|allows?|supports?|permits?|keeps?))\b/i;
/** Sentences reporting that something was not done or is still open: they show a gap, not the control (and what UNDONE says). */
const NOT_DONE = new RegExp(`${UNDONE.source}|\\b(?:to be (?:defined|determined|confirmed|agreed|decided|scoped|planned|scheduled|procured|selected)|TBD|TBC|was not|were not|has not been|have not been|had not been|did not|not (?:yet )?(?:in scope|performed|carried out|completed|done|tested|retested|remediated|implemented|started|reviewed|included|enabled|configured|deployed)|out of scope|(?:remains?|still) (?:open|outstanding|pending)|status:\\s*(?:backlog|to do|todo|new|not started)\\b|\\btodo\\b|still (?:had|has|have) (?:active|open|enabled)|(?:have|has) not had (?:the )?time|no (?:[\\w-]+ ){1,4}yet\\b|agreed (?:that )?we should|(?:was|were|been) delayed|delayed until|status:\\s*open\\b|is pending|are pending|overdue|deferred|postponed|no (?:[\\w-]+ ){1,4}(?:takes? place|(?:has|have) (?:yet )?been (?:sent|run|performed|carried out|done|held|completed))|to be (?:written|drafted|produced|created|developed|agreed|arranged)|(?:get|obtain|seek|request) quotes|there (?:is|are) (?:currently )?no|not yet|none (?:currently|yet)|no (?:[\\w-]+ ){0,7}(?:has|have) (?:yet )?been (?:set up|configured|defined|agreed|put in place|created|scheduled|implemented|deployed|performed|carried out|conducted|completed|done)|none (?:recorded|found|logged|on record)|(?:have|has|had) never (?:been )?[a-z]+ed|no [\\w-]+ (?:was |were )?(?:held|run|performed|carried out|conducted|completed)\\b|(?:is|are|was|were|been) (?:parked|shelved|deprioriti[sz]ed)|also parked)\\b`, 'i');

/** Sentences that allow rather than require ('may use a monitored alarm instead', 'may be excluded from'). */
const ALLOWANCE = /\b(?:may|can) (?!only\b|not\b|never\b)(?:be )?(?:\w+ ){0,8}(?:instead|excluded|exempted|waived|skipped|bypass\w*|opt out|choose|decide|request an? (?:exception|waiver))\b/i;

/** Sentences saying who answers for an area ('The COO is the executive owner of business continuity'), not how it is done. */
export const OWNERSHIP = /\b(?:is|are) (?:set|decided|determined|chosen) by (?:the|each|our)\b|\b(?:is|are) (?:responsible|accountable) for (?!(?:(?:the|their|its|all|our) )?\w+ing\b)|\bis the (?:\w+ )?owner of\b|\b(?:is|are) managed by the\b/i;

/** Sentences announcing a control still to come: 'will be enabled once the archive account is live', 'intends to introduce'. */
const PLANNED = /\b(?:will be (?:written|drafted|created|developed|prepared|produced|put in place|defined|decided|determined|established|introduced|published)|(?:has|have) been proposed|details (?:of|on|about) [^.]{0,60}\bwill be|will\b[^.]{0,120}\b(?:in|during|by|from) (?:Q[1-4] |H[12] )?(?:FY ?)?(?:20)?\d{2}\b|once (?:approved|funded|signed off|agreed)|in the next (?:assessment|audit|review|budget) cycle|(?:plans|intends) to|\btarget(?:ed)?:? (?:Q[1-4]|H[12]|20\d\d)\b|in (?:a later |the next )?phase \d\b|propose (?:enabling|adding|moving|to|that)\b|proposal is to|proposes (?:to|moving|that|a|an)\b|(?:is|are) proposed|(?:^|:\s*)plan to\b|(?:is|are) (?:evaluating|planning|considering|exploring|looking (?:at|into))|agreed to (?:scope|explore|look at|look into|consider|evaluate|plan|investigate|pilot)|agreed in principle|agreed that\b[^.]{0,150}\bshould\b|to be (?:completed|done|delivered|implemented|rolled out|introduced|finalised|finalized) by|(?:is|are) being (?:evaluated|considered|assessed|explored|piloted|procured|sourced|drafted|written|developed|built|designed|set up)|scheduled for (?:Q[1-4]|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{4}|next)|(?<!\b(?:if|where|when|whether|who|which|that)\s(?:[\w-]+\s){0,3})will (?:define|develop|establish|create|introduce|draft|design|select|evaluate|explore|investigate)|subject to (?:budget|funding|approval)|(?:we|they) (?:plan|intend) to|intention is to|planned for|is planned|\bdue (?:in |by )?(?:Q[1-4]|H[12]|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*)\b|are planned|(?:is|are) scheduled to|on (?:the|our) (?:[\w-]+ )?roadmap|tracked as (?:a )?project|will agree|aims? to|would be (?:engaged|introduced|implemented|enabled|rolled out|deployed|adopted)|next (?:financial |fiscal |calendar )?(?:year|quarter)|will be [a-z]+(?:ed|en) (?:[^.]{0,200}\b)?(?:once|when|after|by (?:the end|Q[1-4]|[A-Z][a-z]+ \d{4})|in (?:FY ?)?\d{4}|next (?:year|quarter|month))\b|in (?:a )?future (?:phase|release))/i;

/** Items of a plan ('Q3 initiative: introduce…', 'Objective: deploy…') and documents that are plans (a roadmap, a project charter). */
const PLAN_ITEM = /^(?:(?:action|item|task)(?:\s+[\w-]+)?\s*:\s*(?:[\w-]+\s){1,4}to\s|(?:summary|title|request|task|story|epic)\s*:\s*(?:introduce|enable|implement|add|create|deploy|set up|configure|roll out|build|develop|establish|define|write|draft|procure|evaluate)\b|(?:ideas?|suggestions?|proposals?|wishlist)\s*:|(?:[A-Z][\w.'-]*\s){1,3}to (?:propose|arrange|draft|prepare|investigate|look into|follow up|schedule|organi[sz]e|confirm|select|explore|cost|scope|evaluate|assess|consider|research|trial|pilot|quote|price)\b|(?:build|create|develop|establish|introduce|implement|roll out|deploy|select|procure|evaluate)\b[^.]{0,100}\b(?:in|during|by) (?:Q[1-4] |H[12] )?(?:FY ?)?20\d{2}\b|(?:Q[1-4] |FY\d{2,4} |H[12] )?(?:recommendations?|objectives?|initiatives?|goals?|milestones?|next steps?|action items?|proposed|planned|target state|KR\d*|OKR\d*|priority \d+|action \d+)\b[^:]{0,30}:)/i;
export const PLAN_DOCUMENT = /\b(?:roadmap|improvement plan|action plan|remediation plan|project (?:charter|plan|proposal)|backlog|business case|OKRs?|\d+[- ]day plan)\b/i;
/** Headings a plan's items sit under. */
export const PLAN_HEADING = /\b(?:next steps|roadmap|planned|proposed|future state|to do)\b/i;

/** Sentences that point elsewhere or promise without saying how: 'are described in the runbook', 'will be audited periodically'. */
const ELSEWHERE_OR_VAGUE = /\b(?:(?:fixed )?fees? of|excluding VAT|to reduce (?:the )?(?:attack surface|risk)|(?:should|must) take care|reserves? the right|\bad[- ]hoc\b|we believe\b|appropriate (?:technical|security)(?: and organi[sz]ational)? measures|(?:is|are) left to (?:each|the|their|individual)|(?:is|are) (?:highly )?(?:valuable|important|essential|vital) (?:to|for)|should prefer|(?:is|are) optional|(?:is|are) (?:an? )?(?:well-known|common|major|significant|leading) (?:weakness|risk|threat|cause)(?:es)?|everyone'?s? (?:responsibility|role|job)|everyone has a (?:role|part|responsibility)|ha(?:s|ve) a (?:part|role) to play|remember to|(?:strengthens|helps (?:to )?(?:protect|prevent|reduce|keep)|reduces the (?:risk|chance|likelihood))|may (?:carry out|perform|conduct|undertake|run|choose to)|must comply with (?:the|all|any|applicable)|(?:is|are) (?:coordinated|overseen) by|(?:is|are) (?:discouraged|encouraged|recommended|advised against)|(?:is|are) (?:an? )?(?:key|important|essential|vital|critical) (?:parts?|elements?|components?|aspects?)|(?:must|should) be treated with care|(?:regulators|courts|customers|clients) expect|should be avoided|sparingly|for a period (?:defined|set|determined) by|may be (?:asked|requested|invited) to|(?:is|are) (?:described|documented|set out|covered|detailed|defined) in (?:the|a|our|separate)|refer to the|see (?:the|section)|from time to time|as (?:needed|appropriate|required by the business)|where appropriate|will be [a-z]+ed periodically|(?:is|are|will be) (?:offered|available|provided) on request|(?:is|are) expected to|instead of (?:being )?(?:patched|updated|encrypted|fixed|replaced|removed|reviewed|tested)|(?:is|are) excluded from|[:=]\s*optional|(?:proportionate|commensurate) (?:to|with) (?:the )?risk)\b/i;

/** Sentences saying something is not done ('is not automatically removed', 'are not currently listed'): a gap, unless the requirement itself asks for something not to be done. */
export const NOT_DONE_PASSIVE = /\b(?:(?:don't|doesn't|didn't) (?:currently |yet )?(?:maintain|keep|disable|issue|perform|run|provide|record|retain|review|test|encrypt|log|monitor|enforce|require|hold|carry out|have)\b|(?:hasn't|haven't) (?:yet )?(?:started|been)\b|(?:isn't|aren't|wasn't|weren't) (?:yet |currently )?[a-z]+ed\b|(?:does|do|did) not (?:issue|perform|run|keep|provide|record|retain|review|test|encrypt|log|monitor|enforce|require|hold|carry out)\b|(?:is|are|was|were) not (?:(?:currently|yet|automatically|routinely|formally) [a-z]+ed|(?:reviewed|tested|removed|revoked|listed|tracked|recorded|enforced|monitored|logged|required|checked|updated|patched|scanned|reimbursed|enrolled|joined|connected|encrypted|covered|included|backed up)\b))/i;

/** A file name written as stored ('ci.yml', 'backup_policy_v2.docx'). */
export const NAMES_A_FILE = /\b[\w-]+\.(?:pdf|docx?|txt|xlsx?|md|png|jpe?g|csv|ya?ml|json)\b/i;

/** Sentences never offered as showing the control (unless the requirement is itself about exceptions or sanctions). */
export const NOT_SUPPORT = [NOT_A_CONTROL, NOT_DONE, PLANNED, PLAN_ITEM, ALLOWANCE, ELSEWHERE_OR_VAGUE];
/** Never support, even for a requirement about exceptions or sanctions: what is not done or only planned. */
export const NEVER_SUPPORT = [NOT_DONE, PLANNED, PLAN_ITEM];

/** Sections that frame a document rather than state its controls. */
export const FRAMING_HEADING = /^(?:purpose|scope|definitions?|introduction|background|overview|document control|revision history|roles(?: and [a-z]+)?|responsibilities|review)\b/i;

/** Sections about the cases a control gives way in: exceptions, emergencies, break-glass access, waivers. */
export const EXCEPTION_HEADING = /\b(?:exceptions?|emergenc(?:y|ies)|break-?glass|waivers?|exemptions?)\b/i;

/** A sentence saying who owns a control or how often it runs. */
export const OWNER_OR_FREQUENCY = /\b(?:responsible|owner|owns|accountable|approved by|annually|quarterly|monthly|weekly|daily|every (?:\w+ )?(?:year|month|quarter|week|day)s?|at least (?:once|annually|quarterly|monthly))\b/i;

/**
 * A sentence that cannot show a control however many of a requirement's words it holds: a definition, an
 * exception or sanction, what is not done or only planned or allowed, or what a section on exceptions, or one
 * framing the document (purpose, definitions), says.
 */
export function statesNoControl(sentence: string, heading: string | null): boolean {
  if (EXCEPTION_HEADING.test(heading ?? '') || FRAMING_LEAD.test(heading?.replace(SECTION_NUMBER, '') ?? '')) return true;
  // A line of a report may hold several ('Control: … daily. Result: No exceptions noted.'): each must state none.
  return sentence.split(/(?<=[.!?])\s+(?=[A-Z0-9])/).every((one) => {
    // '2 Definitions Key rotation: replacing …': a section number and a framing heading run into the sentence.
    const text = one.replace(SECTION_NUMBER, '');
    // 'Owners must review these controls annually, record exceptions …': a duty that names exceptions among others states a control.
    const topic = NOT_A_CONTROL.exec(text);
    const duty = OBLIGATION.exec(text);
    const mentions = topic !== null && !(duty !== null && duty.index < topic.index);
    return FRAMING_LEAD.test(text) || mentions || NOT_SUPPORT.some((kind) => kind !== NOT_A_CONTROL && kind.test(text)) || NOT_DONE_PASSIVE.test(text);
  });
}

/** Words that lay a duty on someone. */
const OBLIGATION = /\b(?:must|shall|is required to|are required to)\b/i;
const SECTION_NUMBER = /^\s*(?:(?:section\s+)?\d+(?:\.\d+)*\.?|[IVX]+\.)\s+/i;
/** A sentence led by the heading of a section that frames the document ('Purpose To protect …', '2 Definitions Key rotation: …'); a scope section says what a report covers, so it is not one. */
const FRAMING_LEAD = /^(?:purpose|definitions?|introduction|background|overview|document control|revision history|glossary)\b/i;
