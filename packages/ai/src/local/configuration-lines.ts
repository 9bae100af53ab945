/**
 * Configuration exports as evidence: a JSON document, an INI or Terraform file, a YAML policy, a daemon's
 * config or a DNS zone. Each setting is kept exactly as written ('"required_approving_review_count": 1',
 * 'SignatureUpdateIntervalHours=4', 'rotation_period = "7776000s"'), so a response can quote it, and is
 * read as the words of its key and value.
 */

/** A JSON value that is a leaf: a string, a number, a boolean, null or a list of such. */
const JSON_LEAF = /"([\w.$@/-]{1,80})"\s*:\s*("(?:[^"\\]|\\.){0,200}"|true|false|null|-?\d+(?:\.\d+)?|\[[^[\]{}]{0,300}\])/g;

/** 'key = value', 'key=value', 'key: value', 'Service > Key = value'. */
const ASSIGNMENT = /^[A-Za-z_$@.][^:=]{0,80}?\s*[=:]\s*\S/;
/** A directive with its arguments: 'server time1.example.net iburst', '-a always,exit -F arch=b64', 'v=spf1 include:…'. */
const DIRECTIVE = /^(?:[a-z_][\w.-]{0,40}|-[A-Za-z])(?:\s+\S+){1,12}$/;
/** A DNS record: '_dmarc.example.com TXT "v=DMARC1; p=reject"'. */
const DNS_RECORD = /^\S+\s+(?:\d+\s+)?(?:IN\s+)?(?:TXT|MX|CNAME|A|AAAA|CAA|NS)\s+\S/;
const COMMENT = /^(?:#|;|\/\/)/;
const SECTION = /^\[[^\]]{1,80}\]$|^[\w"-]+(?:\s+"[^"]*")*\s*\{$|^[}\]],?$|^[{[]$/;

/** Whether a line reads as prose: it ends with a stop and has several lower-case words. */
function isProse(line: string): boolean {
  return /[.!?]["”’)]?$/.test(line) && (line.match(/\b[a-z]{3,}\b/g) ?? []).length >= 5 && !/[={}]/.test(line);
}

function jsonSettings(passage: string): string[] | null {
  const text = passage.trim();
  if (!/^[{[]/.test(text)) return null;
  // One document, or JSON Lines (an export of one object per line).
  const documents = /^\{[^\n]*\}\s*\n\s*\{/.test(text) ? text.split(/\r?\n/).filter((line) => line.trim()) : [text];
  try {
    for (const document of documents) JSON.parse(document);
  } catch {
    return null;
  }
  const leaves = [...text.matchAll(JSON_LEAF)].map((m) => m[0]).filter((leaf) => !/[.!?]\s/.test(leaf));
  return leaves.length ? leaves : null;
}

/**
 * The settings of a passage that is a configuration export, each as written, or null when the passage is
 * prose (most lines are sentences). Comments, section headers and braces are left out.
 */
export function configurationSettings(passage: string): string[] | null {
  const json = jsonSettings(passage);
  if (json) return json;
  const lines = passage
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const body = lines.filter((line) => !COMMENT.test(line) && !SECTION.test(line));
  if (lines.length < 3 || body.length < 2) return null;
  const settings = body
    .map((line) => line.replace(/^-\s+/, '').replace(/[,{]$/, '').trim())
    .filter((line) => !isProse(line) && (ASSIGNMENT.test(line) || DIRECTIVE.test(line) || DNS_RECORD.test(line)));
  // A setting a reader would take for two sentences ('cron(0 3 * * ? *) # every day') cannot be quoted whole.
  const quotable = settings.filter((line) => !/[.!?]\s/.test(line));
  return settings.length >= 2 && settings.length * 2 >= body.length ? quotable : null;
}

/**
 * What a configuration export says in words beside its settings: a line of prose above them and the
 * comments that explain them ('# 396 days before data rolls to frozen'), each as a sentence.
 */
export function configurationNotes(passage: string): string[] {
  return passage
    .split(/\r?\n/)
    .map((line) => line.trim())
    .map((line) => (COMMENT.test(line) ? line.replace(/^(?:#+|;+|\/\/+)\s*/, '') : isProse(line) ? line : ''))
    .filter((line) => (line.match(/\b[A-Za-z]{2,}\b/g) ?? []).length >= 3 && !/[={}]/.test(line))
    .map((line) => `${line.charAt(0).toUpperCase()}${line.slice(1)}`.replace(/[.;,:]*$/, '.'));
}

/** The words a setting speaks of: keys split at underscores, dots and capitals, and its value. */
export function settingWords(setting: string): string {
  return setting
    .replace(/["{}[\]]/g, ' ')
    .replace(/[_./=:>]+/g, ' ')
    .replace(/(?<=[a-z])(?=[A-Z])/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A setting as a sentence that starts with a capital, a digit or a quote and ends with a stop. */
export function settingSentence(setting: string): string {
  const body = setting.replace(/\s{2,}/g, ' ').replace(/[.;,]+$/, '');
  return /^[A-Z0-9"“]/.test(body) ? `${body}.` : `Setting ${body}.`;
}
