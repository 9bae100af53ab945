import { describe, expect, it } from 'vitest';
import { meetsQuantity, requiredQuantities, statedQuantities } from './quantities';

const meets = (requirement: string, evidence: string) => requiredQuantities(requirement).map((q) => meetsQuantity(q, statedQuantities(evidence)));

describe('quantities', () => {
  it('compares how often a control runs with how often it must', () => {
    expect(meets('Review privileged accounts at least quarterly.', 'Privileged access is recertified every six months.')).toEqual([false]);
    expect(meets('Review privileged accounts at least quarterly.', 'A campaign starts at the start of each calendar quarter.')).toEqual([true]);
    expect(meets('Scan systems for vulnerabilities at least monthly.', 'Authenticated scans run weekly.')).toEqual([true]);
    expect(meets('Test the plan at least annually.', 'The plan was approved by the board.')).toEqual([null]);
  });

  it('compares how soon with a limit, a vague promise meeting none', () => {
    expect(meets('Apply critical patches within 14 days of release.', 'Critical patches are deployed within 30 days.')).toEqual([false]);
    expect(meets('Apply critical patches within 14 days of release.', 'Critical patches are deployed within 7 days; others within 30 days.')).toEqual([true]);
    expect(meets('Notify customers within 72 hours.', 'We notify affected customers without undue delay.')).toEqual([false]);
    expect(meets('Lock sessions after 15 minutes of inactivity.', 'Screen lock: 30 minutes')).toEqual([false]);
    expect(meets('Remove access within five business days.', 'Access is removed within 2 days of the decision.')).toEqual([true]);
  });

  it('reads a number as contracts write it, words with the figure in brackets, and a vague promise bounded by a number', () => {
    expect(meets('Notify the customer within 48 hours.', 'Processor shall notify Customer without undue delay and no later than forty-eight (48) hours after confirming it.')).toEqual([true]);
    expect(meets('Notify the customer within 24 hours.', 'Processor shall notify Customer without undue delay and no later than seventy-two (72) hours after confirming it.')).toEqual([false]);
    expect(meets('Notify the customer within 24 hours.', 'The processor notifies the customer within twenty-four hours.')).toEqual([true]);
    expect(meets('Notify the customer within 48 hours.', 'Processor shall notify Customer without undue delay.')).toEqual([false]);
  });

  it('does not take a watch kept in business hours for a round-the-clock one', () => {
    expect(meets('Monitor security alerts 24x7.', 'The provider monitors the SIEM between 07:00 and 19:00, Monday to Friday.')).toEqual([false]);
    expect(meets('Monitor security alerts 24x7.', 'The SOC monitors the SIEM 24 hours a day, every day of the year.')).toEqual([true]);
    expect(statedQuantities('Tickets are answered within 4 business hours.')).not.toContainEqual({ kind: 'period', amount: 1, family: 'time' });
  });

  it('compares how long or how many at least', () => {
    expect(meets('Retain audit logs for at least 12 months.', 'Logs are kept for 90 days.')).toEqual([false]);
    expect(meets('Retain audit logs for at least 12 months.', 'Retention: 400 days')).toEqual([true]);
    expect(meets('Require passwords of at least 12 characters.', 'Minimum password length: 14 characters')).toEqual([true]);
    expect(meets('Require passwords of at least 12 characters.', 'Passwords must have 8 characters.')).toEqual([false]);
  });
});

describe('quantities in settings', () => {
  it('reads a setting whose key names its unit', () => {
    expect(meets('Retain security logs for at least 12 months.', 'Setting frozenTimePeriodInSecs: 31536000.')).toEqual([true]);
    expect(meets('Retain security logs for at least 12 months.', 'Setting frozenTimePeriodInSecs: 7776000.')).toEqual([false]);
  });
});
