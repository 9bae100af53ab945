import { describe, expect, it } from 'vitest';
import { deadlineOf } from './deadlines';

describe('the time limit an obligation states', () => {
  it('takes the shortest limit, in words or figures', () => {
    expect(deadlineOf('notify the Customer without undue delay and in any event within twenty-four (24) hours')?.hours).toBe(24);
    expect(deadlineOf('remediate critical findings within 7 days and high findings within 30 days')?.hours).toBe(168);
    expect(deadlineOf('disable access within one business day')?.hours).toBe(24);
  });

  it('does not read a recovery objective as a time to act by', () => {
    expect(deadlineOf('a recovery time objective of no more than four (4) hours and a recovery point objective of no more than one (1) hour')).toBeNull();
    expect(deadlineOf('restore the service within eight (8) hours of a disruption')?.hours).toBe(8);
  });
});
