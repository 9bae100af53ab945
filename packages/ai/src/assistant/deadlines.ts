/**
 * The time limit an obligation states: 'within 24 hours', 'no later than seventy-two (72) hours',
 * 'within 30 days', 'promptly (and in any event within 48 hours)'. The shortest stated limit wins.
 */

const WORD_NUMBERS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12, fourteen: 14,
  fifteen: 15, twenty: 20, 'twenty-four': 24, thirty: 30, 'forty-eight': 48, sixty: 60, 'seventy-two': 72, ninety: 90,
};

const UNIT_HOURS: Record<string, number> = { hour: 1, day: 24, 'business day': 24, 'working day': 24, week: 168, month: 720 };

const LIMIT =
  /\b(?:within|no\s+later\s+than|not\s+later\s+than|not\s+more\s+than|no\s+more\s+than|in\s+no\s+event\s+(?:later|more)\s+than|at\s+most|up\s+to)\s+(?:(?:the\s+)?(\d{1,3}|[a-z]+(?:-[a-z]+)?)\s*(?:\((\d{1,3})\)\s*)?)(hours?|(?:business\s+|working\s+|calendar\s+)?days?|weeks?|months?)\b/gi;

export type Deadline = { hours: number; text: string };

export function deadlineOf(text: string): Deadline | null {
  let best: Deadline | null = null;
  for (const match of text.matchAll(LIMIT)) {
    // 'a recovery point objective of no more than one hour': a service target, not a time to act by.
    if (/\b(?:objective|rto|rpo)\s+(?:of\s+)?$/i.test(text.slice(Math.max(0, match.index - 30), match.index))) continue;
    const count = Number(match[2] ?? (/^\d+$/.test(match[1] ?? '') ? match[1] : WORD_NUMBERS[(match[1] ?? '').toLowerCase()]));
    if (!count) continue;
    const unit = (match[3] ?? '').toLowerCase().replace(/^calendar\s+/, '').replace(/s$/, '');
    const hours = count * (UNIT_HOURS[unit] ?? 0);
    if (hours && (!best || hours < best.hours)) best = { hours, text: match[0].replace(/\s+/g, ' ') };
  }
  return best;
}
