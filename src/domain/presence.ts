/** Presence rules of spec 1 section 4: derived from the last heartbeat unless the user set a status. */
export const PRESENCE_STATUSES = ['online', 'away', 'busy', 'offline'] as const;
export type PresenceStatus = (typeof PRESENCE_STATUSES)[number];

export const PRESENCE_HEARTBEAT_MS = 30_000;
/** The most users one page may watch: the avatars on one screen, never everyone. */
export const PRESENCE_WATCH_MAX = 200;
export const ONLINE_WITHIN_MS = 60_000;
export const AWAY_WITHIN_MS = 5 * 60_000;

export interface PresenceRecord {
  onlineAt: Date | string | null;
  /** A status the user chose; it overrides the derived one. */
  manualStatus?: PresenceStatus | null;
}

/** Status from the time since the latest heartbeat: under 60 s online, under 5 min away, else offline. */
export function derivePresence(record: PresenceRecord | null | undefined, now: Date = new Date()): PresenceStatus {
  if (!record?.onlineAt) return 'offline';
  const age = now.getTime() - new Date(record.onlineAt).getTime();
  // A withdrawn user (page closed, signed out) reads offline whatever they chose.
  if (record.manualStatus && age < AWAY_WITHIN_MS) return record.manualStatus;
  if (age < ONLINE_WITHIN_MS) return 'online';
  if (age < AWAY_WITHIN_MS) return 'away';
  return 'offline';
}

export const PRESENCE_LABELS: Record<PresenceStatus, string> = {
  online: 'Online',
  away: 'Away',
  busy: 'Busy',
  offline: 'Offline',
};
