/**
 * The numbers a requirement sets (how often, how soon, how long at least) and the numbers evidence states,
 * so a response can tell "every six months" from the quarterly review required, or "within 30 days" from
 * the 14 days asked. Everything is measured in days (or, for lengths such as password characters, in
 * that unit).
 */
import { identifierWords } from './response-sentences';

export type Quantity = {
  /** period: how often it runs; limit: how soon or how long at most; minimum: how long or how many at least. */
  kind: 'period' | 'limit' | 'minimum';
  /** Days for time; the count itself for other units. */
  amount: number;
  /** 'time', or the unit word of a count ('character'). */
  family: string;
};

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  fourteen: 14, fifteen: 15, sixteen: 16, eighteen: 18, twenty: 20, 'twenty-one': 21, 'twenty-four': 24, 'twenty-eight': 28, thirty: 30,
  'thirty-six': 36, forty: 40, 'forty-five': 45, 'forty-eight': 48, sixty: 60, 'seventy-two': 72, ninety: 90,
};

const UNIT_DAYS: Record<string, number> = {
  second: 1 / 86_400, minute: 1 / 1_440, hour: 1 / 24, day: 1, 'business day': 1.4, 'working day': 1.4, week: 7, month: 30, quarter: 91, year: 365,
};

const FREQUENCY_DAYS: Array<[RegExp, number]> = [
  [/\b(?:continuous(?:ly)?|real[- ]time|24\s*[x/]\s*7|24 hours a day|(?:a|round|around)[- ]the[- ]clock|at all times)\b/i, 0.01],
  [/\b(?:hourly|every hour)\b/i, 1 / 24],
  [/\b(?:daily|nightly|every (?:day|night|24 hours)|each day)\b/i, 1],
  [/\b(?:weekly|every week|each week)\b/i, 7],
  [/\b(?:fortnightly|every (?:two|2) weeks)\b/i, 14],
  [/\b(?:monthly|every month|each month)\b/i, 30],
  [/\b(?:quarterly|every quarter|each (?:calendar )?quarter|every (?:three|3) months)\b/i, 91],
  [/\b(?:semi-?annual(?:ly)?|twice a year|every (?:six|6) months|half-yearly)\b/i, 182],
  [/\b(?:annual(?:ly)?|yearly|once a year|every year|each year|every (?:twelve|12) months)\b/i, 365],
  [/\b(?:every (?:two|2) years|biennial(?:ly)?)\b/i, 730],
];

const NUMBER = '(\\d+(?:[.,]\\d+)?|twenty-one|twenty-four|twenty-eight|thirty-six|forty-five|forty-eight|seventy-two|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|fifteen|sixteen|eighteen|twenty|thirty|forty|sixty|ninety)';
const TIME_UNIT = '(seconds?|minutes?|mins?|hours?|hrs?|(?:business|working|calendar) days?|days?|weeks?|months?|quarters?|years?)';

const EVERY = new RegExp(`\\bevery ${NUMBER} ${TIME_UNIT}`, 'i');
const LIMIT = new RegExp(`\\b(?:within|no (?:later|more) than|not (?:later|more) than|at most|after|under|inside|up to) ${NUMBER}[- ]${TIME_UNIT}`, 'i');
const MINIMUM = new RegExp(`\\b(?:at least|a minimum of|minimum of|for|no (?:fewer|less) than) ${NUMBER}[- ]${TIME_UNIT}`, 'i');
const MINIMUM_COUNT = new RegExp(`\\b(?:at least|a minimum of|minimum of|no (?:fewer|less) than) ${NUMBER} ([a-z]+)`, 'i');
const DURATIONS = new RegExp(`\\b${NUMBER}[- ]${TIME_UNIT}\\b`, 'gi');
const COUNTS = new RegExp(`\\b${NUMBER}[- ]([a-z]+)`, 'gi');
const IS_TIME_UNIT = new RegExp(`^${TIME_UNIT}$`, 'i');

function amountOf(text: string): number {
  const lower = text.toLowerCase();
  return NUMBER_WORDS[lower] ?? Number(lower.replace(',', '.'));
}

function daysOf(count: number, unit: string): number {
  const u = unit.toLowerCase().replace(/^(min|mins)$/, 'minute').replace(/^hrs?$/, 'hour').replace(/s$/, '').replace(/^calendar /, '');
  return count * (UNIT_DAYS[u] ?? 1);
}

/** How often the text says something runs, in days between runs (the most frequent it names). */
function periodOf(text: string): number | null {
  const every = EVERY.exec(text);
  if (every) return daysOf(amountOf(every[1]!), every[2]!);
  const found = FREQUENCY_DAYS.filter(([pattern]) => pattern.test(text)).map(([, days]) => days);
  return found.length ? Math.min(...found) : null;
}

/** What a requirement (or one part of it) sets: at most one of each kind. */
export function requiredQuantities(part: string): Quantity[] {
  const out: Quantity[] = [];
  const period = periodOf(part);
  if (period !== null) out.push({ kind: 'period', amount: period, family: 'time' });
  const limit = LIMIT.exec(part);
  if (limit) out.push({ kind: 'limit', amount: daysOf(amountOf(limit[1]!), limit[2]!), family: 'time' });
  const minimum = MINIMUM.exec(part);
  if (minimum && !limit) out.push({ kind: 'minimum', amount: daysOf(amountOf(minimum[1]!), minimum[2]!), family: 'time' });
  const count = MINIMUM_COUNT.exec(part);
  if (count && !IS_TIME_UNIT.test(count[2]!)) out.push({ kind: 'minimum', amount: amountOf(count[1]!), family: count[2]!.toLowerCase().replace(/s$/, '') });
  return out;
}

/** The values a sentence of evidence states that could be compared with what a requirement sets. */
export function statedQuantities(written: string): Quantity[] {
  const out: Quantity[] = [];
  // 'forty-eight (48) hours', as contracts write numbers: the figure in brackets is the number.
  const sentence = written.replace(/\b[a-z]+(?:-[a-z]+)? \((\d+(?:[.,]\d+)?)\)(?=[- ][a-z])/gi, '$1');
  // 'without undue delay', 'promptly': a time limit that meets no number of hours or days, unless a number follows it.
  if (/\b(?:without undue delay|as soon as (?:possible|practicable|reasonably practicable)|promptly|in a timely (?:manner|fashion)|in due course|when (?:resources|time) allow)\b/i.test(sentence) && !LIMIT.test(sentence)) {
    out.push({ kind: 'limit', amount: Number.POSITIVE_INFINITY, family: 'time' });
  }
  const period = periodOf(sentence);
  if (period !== null) out.push({ kind: 'period', amount: period, family: 'time' });
  // 'between 07:00 and 19:00, Monday to Friday', 'during business hours': a watch kept by day meets no round-the-clock one.
  else if (!LIMIT.test(sentence) && /(?<!\d\s)\b(?:business|office|working|service) hours\b|\bMonday to Friday\b|\bweekdays\b|\bbetween \d{1,2}[:.]?\d{2} and \d{1,2}[:.]?\d{2}\b/i.test(sentence)) {
    out.push({ kind: 'period', amount: 1, family: 'time' });
  }
  // A setting whose key names its unit: 'frozenTimePeriodInSecs: 31536000', 'Lockout duration in seconds: 60'.
  const keyed = /(seconds|secs|minutes|mins|hours|days|weeks|months|years)\b[^:=]{0,20}[:=]\s*(\d+)\b/i.exec(identifierWords(sentence));
  if (keyed) {
    const amount = daysOf(Number(keyed[2]), keyed[1]!.replace(/^secs$/i, 'seconds'));
    out.push({ kind: 'limit', amount, family: 'time' }, { kind: 'minimum', amount, family: 'time' });
  }
  for (const m of sentence.matchAll(DURATIONS)) {
    if (/^every$/i.test(sentence.slice(0, m.index).trim().split(/\s+/).pop() ?? '')) continue;
    const amount = daysOf(amountOf(m[1]!), m[2]!);
    out.push({ kind: 'limit', amount, family: 'time' }, { kind: 'minimum', amount, family: 'time' });
  }
  for (const m of sentence.matchAll(COUNTS)) {
    if (IS_TIME_UNIT.test(m[2]!)) continue;
    out.push({ kind: 'minimum', amount: amountOf(m[1]!), family: m[2]!.toLowerCase().replace(/s$/, '') });
  }
  return out.filter((q) => !Number.isNaN(q.amount));
}

/**
 * Whether what the evidence states meets what is required: true when one stated value does, false when
 * values of the same kind are stated and none does (a weaker control), null when nothing comparable is said.
 */
export function meetsQuantity(required: Quantity, stated: readonly Quantity[]): boolean | null {
  const comparable = stated.filter((q) => q.kind === required.kind && q.family === required.family);
  if (!comparable.length) return null;
  // A run at least as often, a limit at least as tight, a minimum at least as large (a day's rounding allowed).
  const slack = required.family === 'time' ? 1.05 : 1;
  return comparable.some((q) => (required.kind === 'minimum' ? q.amount * slack >= required.amount : q.amount <= required.amount * slack));
}
