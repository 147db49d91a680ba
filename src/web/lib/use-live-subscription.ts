import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useEffect, useRef } from 'react';
import { liveHandlers, type LiveFeature } from './live-cache';

/** A channel's options as `trpc.<feature>.events.subscriptionOptions(input, { enabled })` builds them. */
type TrackedSubscription<TEvent, TError> = Parameters<typeof useSubscription<{ id: string; data: TEvent }, TError>>[0];

/** What the hook adds: stopping, as the channel is disabled or its component unmounts. */
export interface LiveSubscription<TEvent> extends LiveFeature<TEvent> {
  /** When a running subscription stops: disabled, unmounted, or its input changed. */
  onStopped?: () => void;
}

/**
 * The one way a live feature listens. It owns the channel's life: the first start and every restart after a
 * reconnect catch the watched queries up (the server resumes after the last event id only while it still remembers
 * it), each event goes to the feature's pure reducers (`onEvent`) and a watched read in flight is made again, and the
 * subscription stops with `enabled` or the component. Events carry their data: nothing is refetched for them.
 *
 * @example
 * useLiveSubscription(trpc.feedback.events.subscriptionOptions(undefined, { enabled: signedIn }), {
 *   watched: [mineKey],
 *   onEvent: (event) => applyToCached(queryClient, mineKey, (old) => applyFeedbackEvent(old, event)),
 * });
 */
export function useLiveSubscription<TEvent, TError>(
  subscription: TrackedSubscription<TEvent, TError>,
  feature: LiveSubscription<TEvent>,
): void {
  const queryClient = useQueryClient();
  // useSubscription calls the latest callbacks it was given, so they may be rebuilt on every render.
  const { onStarted, onData } = liveHandlers(queryClient, feature);
  useSubscription({ ...subscription, onStarted, onData });

  const onStopped = useRef(feature.onStopped);
  useEffect(() => {
    onStopped.current = feature.onStopped;
  });
  const { enabled, queryKey } = subscription;
  const channel = JSON.stringify(queryKey);
  useEffect(() => {
    if (!enabled) return;
    return () => onStopped.current?.();
  }, [enabled, channel]);
}
