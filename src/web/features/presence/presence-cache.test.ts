import { describe, expect, it } from 'vitest';
import { applyPresenceChange, type PresenceChange } from './presence-cache';

const change = (onlineAt: string | null, manualStatus: PresenceChange['manualStatus'] = null): PresenceChange => ({
  userId: 'u1',
  onlineAt,
  manualStatus,
});

describe('a live presence change in the cached record of its user', () => {
  it('becomes the record, whether the user had one or was never seen', () => {
    expect(applyPresenceChange(undefined, change('2024-01-01T10:00:00.000Z'))).toEqual([
      change('2024-01-01T10:00:00.000Z'),
    ]);
    expect(applyPresenceChange([], change(null, 'busy'))).toEqual([change(null, 'busy')]);
    expect(applyPresenceChange([change('2024-01-01T10:00:00.000Z')], change(null))).toEqual([change(null)]);
  });

  it('keeps the cached list when nothing changed, so no dot re-renders', () => {
    const cached = [change('2024-01-01T10:00:00.000Z', 'away')];
    expect(applyPresenceChange(cached, change('2024-01-01T10:00:00.000Z', 'away'))).toBe(cached);
  });
});
