import type { SessionEndedEvent, SessionEvent, SessionsChangedEvent } from '../contracts/channels';

declare const payloadType: unique symbol;
/** A channel's name, carrying the type of its events (at compile time only: at run time it is the string). */
export type Channel<T> = string & { readonly [payloadType]: T };
export type ChannelPayload<C> = C extends Channel<infer T> ? T : never;

/**
 * A channel whose events are `T`. Each feature declares its own in `features/<feature>/<feature>.channels.ts`, so
 * publishers and subscribers agree on one name and one payload type, and publishing the wrong payload on a channel,
 * or reading its events as something else, fails to compile.
 */
export const defineChannel = <T>(name: string) => name as Channel<T>;

/** The channels the infrastructure itself uses: browser sessions and their ends. */
export const channels = {
  /** Events about one browser session, shared by all its tabs (and the server's sockets of it). */
  session: (sessionId: string) => defineChannel<SessionEvent>(`session:${sessionId}`),
  /** Every session that ends, on one channel: what caches sessions listens here instead of to each session. */
  sessionEnded: defineChannel<SessionEndedEvent>('session-ended'),
  /** Some path deleted sessions (password change, "sign out other devices"): servers re-check their open sockets. */
  sessionsChanged: defineChannel<SessionsChangedEvent>('sessions-changed'),
} as const;
