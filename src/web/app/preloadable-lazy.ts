import { lazy, type ComponentType } from 'react';

/**
 * React.lazy, plus preload(): once preloaded, the component renders in the same pass, without suspending (React
 * reads a thenable that answers at once as resolved). main.tsx preloads the parts a server-rendered page shows, so
 * they hydrate with the page instead of waiting, and an early update (the session arriving) never swaps them for
 * their fallback.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function preloadableLazy<T extends ComponentType<any>>(load: () => Promise<T>) {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Component = lazy(() =>
    loaded
      ? ({ then: (resolve: (module: { default: T }) => void) => resolve({ default: loaded! }) } as Promise<{
          default: T;
        }>)
      : preload().then((component) => ({ default: component })),
  );
  return Object.assign(Component, { preload });
}
