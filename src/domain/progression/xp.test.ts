import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGE_XP_DAILY_CAP, MESSAGE_XP_HELP, xpForAction } from './xp';

describe('XP from messages', () => {
  it('a message earns 2 XP until 50 XP were earned from messages that day', () => {
    expect(xpForAction('message_sent', 0)).toBe(2);
    expect(xpForAction('message_sent', 48)).toBe(2);
    expect(xpForAction('message_sent', 49)).toBe(1);
    expect(xpForAction('message_sent', 50)).toBe(0);
    expect(xpForAction('message_sent', 80)).toBe(0);
  });

  it('an unreadable running total earns nothing rather than something', () => {
    expect(xpForAction('message_sent', Number.NaN)).toBe(0);
    expect(xpForAction('message_sent', -10)).toBe(2);
  });

  it('however many messages a user sends in a day, they earn at most the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), (messages) => {
        let earned = 0;
        for (let i = 0; i < messages; i++) earned += xpForAction('message_sent', earned);
        expect(earned).toBe(Math.min(messages * 2, MESSAGE_XP_DAILY_CAP));
      }),
      { numRuns: 50 },
    );
  });

  it('the help text states the cap', () => {
    expect(MESSAGE_XP_HELP).toBe(
      'Each message you send earns 2 XP, up to 50 XP a day. Every message still counts toward your quests and badges.',
    );
  });
});
