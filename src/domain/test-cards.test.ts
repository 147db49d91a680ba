import { describe, expect, it } from 'vitest';
import { DECLINE_MESSAGES, expiryValid, luhnValid, TEST_CARDS, testCardOutcome } from './test-cards';

const now = new Date('2026-11-22T12:00:00Z');
const card = (number: string) => ({ number, expiry: '12/34', cvc: '123' });

describe('test cards', () => {
  it('every documented test number passes the Luhn check', () => {
    for (const c of TEST_CARDS) expect(luhnValid(c.number), c.number).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it.each([
    ['4242 4242 4242 4242', 'success'],
    ['4000002500003155', 'challenge'],
    ['4000000000000002', DECLINE_MESSAGES.generic],
    ['4000000000009995', DECLINE_MESSAGES.insufficientFunds],
    ['4000000000000069', DECLINE_MESSAGES.expired],
    ['4000000000000127', DECLINE_MESSAGES.incorrectCvc],
    ['4242424242424241', DECLINE_MESSAGES.incorrectNumber],
  ])('%s -> %s', (number, expected) => {
    const outcome = testCardOutcome(card(number), now);
    expect(outcome.kind === 'decline' ? outcome.message : outcome.kind).toBe(expected);
  });

  it('an expiry must be a real month not yet past', () => {
    expect(expiryValid('11/26', now)).toBe(true);
    expect(expiryValid('10/26', now)).toBe(false);
    expect(expiryValid('13/30', now)).toBe(false);
    expect(testCardOutcome({ ...card('4242424242424242'), expiry: '01/20' }, now)).toMatchObject({
      message: DECLINE_MESSAGES.invalidExpiry,
    });
  });
});
