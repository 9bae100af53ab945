import { spellOut } from '../abbreviations';
import { britishSpelling, impliedStems, sameStem, withControlWords } from './control-vocabulary';
import { configurationNotes, configurationSettings, settingSentence, settingWords } from './configuration-lines';
import { analyzeText, contentStems } from './nlp';

/**
 * The sentences of an evidence passage a suggested response may use: whole sentences only, without
 * the section heading a passage starts with, each with the stems it speaks of.
 */

export type EvidenceSentence = {
  text: string;
  stems: Set<string>;
  position: number;
  heading?: string;
  section?: string;
  /** A line of a configuration export ('BlockPublicAcls: true'), read with the export's other lines. */
  setting?: true;
};


/** Content stems of a text: abbreviations written out, hyphenated words also as their parts, one stem per way of
 * saying a thing; evidence (implied) also shows what it meets by running more often than required. */
/** 'LockoutBadCount', 'frozenTimePeriodInSecs': the words of an identifier, as a requirement would write them. */
export function identifierWords(text: string): string {
  return text.replace(/(?<=[a-z])(?=[A-Z])/g, ' ');
}

export function stemsOf(text: string, implied = false): string[] {
  const plain = spellOut(withControlWords(britishSpelling(identifierWords(text)))).replace(/(?<=\w)-(?=\w)/g, ' ');
  const stems = contentStems(analyzeText(plain).tokens).map(sameStem);
  return implied ? [...stems, ...impliedStems(stems)] : stems;
}

/** The stems of the words as written, without the words their phrases and products stand for ('FIDO2' alone, not also 'MFA'). */
export function writtenStemsOf(text: string): string[] {
  return contentStems(analyzeText(britishSpelling(identifierWords(text)).replace(/(?<=\w)-(?=\w)/g, ' ')).tokens).map(sameStem);
}

/** Words a section heading ends on ('Access List Review', 'Severity Classification'). */
const HEADING_END = /^(?:Review|Reviews|Policy|Management|Controls?|Requirements?|Scope|Purpose|Retention|Storage|Classification|Escalation|Monitoring|Testing|Training|Handling|Reporting|Procedures?|Process|Standards?|Responsibilities|Roles|Access|Inventory|Logging|Backups?|Recovery|Encryption|Governance|Ownership|Assessment|Approval|Exceptions?)$/;

/** One-word headings that frame a document. */
const FRAMING_WORD = /^(?:Scope|Purpose|Overview|Background|Introduction|Definitions|Enforcement|Objective|Summary)$/;

/** Lower-case words that make a run of words a sentence rather than a heading. */
const VERBISH = /^(?:is|are|was|were|be|been|must|shall|will|should|may|can|has|have|had|do|does|not|\w+ed|\w+es)$/;

/** '4.2 Remote Access All remote access must…' → the number, the heading and 'All remote access must…'. */
function withoutHeading(sentence: string): { text: string; number?: string; heading?: string } {
  const numbered = /^(\d+(?:\.\d+)*|[A-Z]\.\d+(?:\.\d+)*)\.?\s+(.*)$/s.exec(sentence);
  if (!numbered) {
    // 'Restore testing Every quarter the team restores…': a heading of a few words with no verb, run into its text.
    const run = /^([A-Z][a-z-]+(?: (?:[a-z-]+|&)){0,4}) ([A-Z][a-z]+(?: \S+){4,})$/s.exec(sentence);
    // A word that starts sentences ('The', 'All') is not a heading; one word alone is one only if headings use it ('Scope').
    const heading = run?.[1] ?? '';
    const startsSentences = /^(?:The|A|An|All|Each|Every|Any|Our|This|These|Those|Its|Their|We|No|Some|Only|Where|When|If|To|For|In|On|By|At|After|Before|During|Once|Upon|Please)\b/.test(heading);
    const oneWord = !heading.includes(' ');
    // 'Remaining devices in Production…', 'Staff currently access Outlook…': a sentence, not a heading run into one.
    const sentenceLike = /\b(?:in|of|to|for|on|at|by|with|or|and|the|a|an)$/.test(heading) || heading.split(' ').slice(1).some((w) => /ly$/.test(w) || VERBISH.test(w));
    if (run && !startsSentences && !sentenceLike && (!oneWord || HEADING_END.test(heading) || FRAMING_WORD.test(heading)) && !/\b(?:is|are|was|were|be|been|must|shall|will|should|may|can|has|have|had|do|does)\b/.test(heading)) return { text: run[2]!, heading };
    return { text: sentence };
  }
  const rest = numbered[2]!;
  // '19 September 2024 (annual exercise…)': a date, not a section number.
  if (/^\d{1,2}$/.test(numbered[1]!) && /^(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b/.test(rest)) return { text: sentence };
  // '12 exceptions were approved': a count that starts a sentence, not a section number.
  if (!/^[A-Z0-9("“'‘]/.test(rest)) return { text: sentence };
  const words = rest.split(/\s+/);
  // The heading is the run of capitalised words (and 'of', 'and' …) before the word that starts the
  // sentence: a determiner if the run holds one ('Records of Processing The Data Protection Officer
  // maintains…'), else its last capitalised word ('Remote Access All remote access…').
  let run = 0;
  while (run < words.length && run < 9 && (/^[A-Z0-9&(][\w&/),-]*$/.test(words[run]!) || (run > 0 && /^(?:of|and|for|the|to|on|in|&)$/.test(words[run]!)))) run += 1;
  // 'Secure Areas Entry to the server room…': the words joining a heading to its sentence belong to the sentence.
  while (run > 1 && /^(?:of|and|for|the|to|on|in|&)$/.test(words[run - 1]!)) run -= 1;
  if (run >= 2 && run < words.length && /^[a-z]/.test(words[run]!)) {
    const determiner = words.slice(1, run).findIndex((w) => /^(?:The|All|Each|Every|Any|A|An|Our|We|This|These|No|Only|Where|When|If)$/.test(w)) + 1;
    // 'Access List Review Facilities and IT Operations review…': a heading ends on a word headings end on.
    const headingEnd = words.slice(0, run - 1).findLastIndex((w) => HEADING_END.test(w)) + 1;
    const start = determiner > 0 ? determiner : headingEnd > 0 && run - headingEnd <= 4 ? headingEnd : run - 1;
    return { text: words.slice(start).join(' '), number: numbered[1], heading: words.slice(0, start).join(' ') };
  }
  // 'Data in transit Connections that carry…': a heading in sentence case, run into a sentence that starts with a capital.
  const sentenceCase = words.findIndex((w, i) => i > 0 && i <= 4 && /^[A-Z][a-z]+,?$/.test(w) && /^[a-z]/.test(words[i + 1] ?? ''));
  // ('Searchable retention in Splunk is 120 days': a heading does not end on 'in'.)
  const joinsOn = /^(?:in|of|to|for|on|at|by|with|or|and|the|a|an)$/.test(words[sentenceCase - 1] ?? '');
  if (sentenceCase > 0 && !joinsOn && /^[A-Z]/.test(words[0]!) && words.slice(1, sentenceCase).every((w) => /^[a-z]+$/.test(w) && !VERBISH.test(w)) && words.length - sentenceCase >= 5) {
    return { text: words.slice(sentenceCase).join(' '), number: numbered[1], heading: words.slice(0, sentenceCase).join(' ') };
  }
  return { text: rest, number: numbered[1] };
}

/** Stands in for a dot inside a domain or file name while a passage is split into sentences (same length). */
const INNER_DOT = '\u2024';

/** A sentence as written: starts with a capital, a digit or a quote, ends with its stop, at least five words (a setting line two). */
function isWhole(text: string, setting = false): boolean {
  return /^[A-Z0-9“"‘']/.test(text) && /[.!?]["”’)]?$/.test(text) && text.split(/\s+/).length >= (setting ? 2 : 5);
}

/**
 * A table row or setting line ('MFA required: Always') becomes a sentence with a stop; a key written as
 * an identifier ('minimumTlsVersion: TLS12') is named as a setting, so the sentence starts with a capital.
 */
function closeSettingLine(text: string): string {
  if (/^[a-z][A-Za-z0-9_.]{1,60}:\s*\S[^!?]*$/.test(text)) return `Setting ${text.replace(/\.$/, '')}.`;
  return /^[A-Z][^.!?]{3,200}:\s*\S[^.!?]*$/.test(text) ? `${text}.` : text;
}

/** The usable sentences of a passage, and the section number its first heading gives (if any). */
export function evidenceSentences(passage: string, name = ''): { sentences: EvidenceSentence[]; section?: string } {
  const settings = configurationSettings(passage);
  if (settings) {
    // A setting is about what the export is of: 'Sensor tamper protection: On' in the EDR policy export.
    const about = stemsOf(name.replace(/\b(?:export|settings?|configuration|config|screenshot|report|dashboard)\b/gi, ''));
    const sentences: EvidenceSentence[] = settings.map((line, position) => ({ text: settingSentence(line), stems: new Set([...stemsOf(settingWords(line), true), ...about]), position, setting: true as const })).filter((s) => isWhole(s.text, true));
    const notes = configurationNotes(passage);
    if (notes.length) sentences.push(...evidenceSentences(notes.join('\n\n')).sentences.map((s) => ({ ...s, position: s.position + settings.length })));
    return { sentences };
  }
  // '7. Access reviews. System owners review…': the section number and its heading lead the passage.
  // (A heading run into its sentence without a stop, '4.2 Remote Access All remote access…', is
  // taken apart sentence by sentence below.)
  const lead = /^\s*(\d+(?:\.\d+)*|[A-Z]\.\d+(?:\.\d+)*)\.?\s+([A-Z][^.!?\n]{2,50})\.\s+(?=[A-Z])/.exec(passage);
  // '… ten working days. 8.3 Post-Incident Review A lessons-learned review…': a section number inside the text starts a line.
  const normalised = passage
    .slice(lead?.[0].length ?? 0)
    .replace(/\r\n?/g, '\n')
    .replace(/(?<=[.!?;:])\s+(?=(?:\d{1,2}(?:\.\d{1,2}){0,3}|[A-Z]\.\d{1,2}(?:\.\d{1,2})*)\.?\s+[A-Z])/g, '\n\n')
    // '4. Approved Encryption 4.1 Data at rest…', '3 Training requirements3.1 New starters…': a dotted section number after a heading starts a line too.
    .replace(/(?<=[A-Za-z])\s*(?=\d{1,2}\.\d{1,2}(?:\.\d{1,2})*\s+[A-Z][a-z])/g, '\n\n')
    // 'corvid-energy.com', 'runbook_v2.docx': a dot inside a name does not end a sentence.
    .replace(/(?<=[a-z0-9_-])\.(?=[a-z][a-z0-9-]*\b)/g, INNER_DOT)
    // 'Benchmark v2.0.0', '10.20.0.0/16': nor does a dot between digits.
    .replace(/(?<=\d)\.(?=\d)/g, INNER_DOT)
    // 'Art. 12(3)', 'Sec. 4', 'No. 7': an abbreviation before a number does not end one either.
    .replace(/(?<=\b(?:Art|Sec|No|Para|para|Ch|Cl|cl|Reg|Fig|Vol|pp|p))\.(?=\s\d)/g, INNER_DOT);
  const analysed = analyzeText(normalised);
  // The section each sentence sits in: '4.' then 'Multi-factor authentication.' then its sentences.
  let label: string | undefined = lead ? `${lead[1]} (${lead[2]})` : undefined;
  let current = lead?.[2];
  let pendingNumber: string | undefined;
  let dangling: string | undefined;
  const sentences: EvidenceSentence[] = [];
  analysed.sentences.forEach((span, position) => {
    const raw = normalised.slice(span.start, span.end).replace(/\s+/g, ' ').replaceAll(INNER_DOT, '.').trim();
    const lines = raw.split(/(?<=\S)\s(?=[-•*]\s)/);
    for (let line of lines) {
      const alone = /^(\d+(?:\.\d+)*|[A-Z]\.\d+(?:\.\d+)*)\.?$/.exec(line);
      // 'Leavers in March: 38.' split after its colon: the number is the setting's value, not a section.
      if (alone && dangling) line = `${dangling} ${line}`;
      else if (alone) {
        pendingNumber = alone[1];
        label = pendingNumber;
        continue;
      }
      dangling = /:$/.test(line) ? line : undefined;
      if (pendingNumber && /^[A-Z][^.!?]*\.$/.test(line) && line.split(/\s+/).length <= 6) {
        current = line.slice(0, -1);
        label = `${pendingNumber} (${current})`;
        pendingNumber = undefined;
        continue;
      }
      // '3.' then 'Monitoring and Removal All logons…': the number leads its heading, as if on one line.
      const numbered = pendingNumber;
      pendingNumber = undefined;
      const bare = line.replace(/^[-•*]\s+/, '');
      const { text, number, heading } = withoutHeading(numbered ? `${numbered} ${bare}` : bare);
      if (number) label = heading ? `${number} (${heading})` : number;
      else if (heading) label = `"${heading}"`;
      if (heading) current = heading;
      const sentence = closeSettingLine(text.trim());
      if (!isWhole(sentence)) continue;
      sentences.push({ text: sentence, stems: new Set(stemsOf(sentence, true)), position, heading: current, section: label });
    }
  });
  return { sentences, section: sentences[0]?.section ?? label };
}
