import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { derivePresence, PRESENCE_STATUSES } from './presence';

const now = new Date('2026-01-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('presence', () => {
  it.each([
    [0, 'online'],
    [59_999, 'online'],
    [60_000, 'away'],
    [299_999, 'away'],
    [300_000, 'offline'],
  ])('a heartbeat %i ms ago reads %s', (ms, status) => {
    expect(derivePresence({ onlineAt: ago(ms) }, now)).toBe(status);
  });

  it('no record, or a withdrawn one, reads offline', () => {
    expect(derivePresence(null, now)).toBe('offline');
    expect(derivePresence({ onlineAt: null, manualStatus: 'busy' }, now)).toBe('offline');
  });

  it('a manual status overrides while the user is around', () => {
    expect(derivePresence({ onlineAt: ago(1000), manualStatus: 'busy' }, now)).toBe('busy');
    expect(derivePresence({ onlineAt: ago(1000), manualStatus: 'offline' }, now)).toBe('offline');
    expect(derivePresence({ onlineAt: ago(120_000), manualStatus: 'online' }, now)).toBe('online');
    expect(derivePresence({ onlineAt: ago(600_000), manualStatus: 'online' }, now)).toBe('offline');
  });

  it('accepts ISO strings as the wire sends them', () => {
    expect(derivePresence({ onlineAt: ago(10).toISOString() }, now)).toBe('online');
  });

  it('always yields one of the four statuses, and never online after 60 s without a manual status', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3_600_000 }), (ms) => {
        const status = derivePresence({ onlineAt: ago(ms) }, now);
        expect(PRESENCE_STATUSES).toContain(status);
        if (ms >= 60_000) expect(status).not.toBe('online');
      }),
    );
  });
});
