import type { EventBus } from '../realtime/event-bus';
import type { AnyEventHandler, AnyLiveListener } from './handlers';

/**
 * What one feature adds to the events, exported from `features/<feature>/<feature>.wiring.ts` as `<feature>Wiring`
 * and listed once in the composition root (src/server/wiring.ts). Infrastructure never imports a feature: the
 * root hands these lists to the outbox and the live listeners.
 */
export interface FeatureWiring {
  /** Durable handlers. Their names are stored with pending deliveries: never rename one. */
  readonly handlers?: readonly AnyEventHandler[];
  /** Live listeners, made with the bus they publish on (run synchronously after each commit). */
  readonly liveListeners?: (bus: EventBus) => readonly AnyLiveListener[];
}
