import { describe, expect, it } from 'vitest';
import { shortDate } from './trend-chart';

describe('shortDate', () => {
  it('writes a day as the browser would in US English, read as a UTC day', () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
    for (let month = 1; month <= 12; month += 1) {
      for (const day of [1, 9, 10, 28]) {
        const iso = `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        expect(shortDate(iso)).toBe(intl.format(new Date(`${iso}T00:00:00Z`)));
      }
    }
  });

  it('keeps the last day of a month in its month', () => {
    expect(shortDate('2028-02-29')).toBe(new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(Date.UTC(2028, 1, 29)));
  });
});
