import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

type Sonner = typeof SonnerModule;

let sonner: Promise<Sonner> | null = null;
let listening: () => void = () => {};
const toasterListening = new Promise<void>((resolve) => (listening = resolve));

/**
 * sonner, loaded with the toaster once the page is up (9 KB the first paint skips). A failed download (a school
 * network dropping it, a deploy replacing the chunk) is forgotten, so the next call tries again.
 */
export function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner').catch((error: unknown) => {
    sonner = null;
    throw error;
  });
  return sonner;
}

/** Called by the app's toaster once it listens: a toast published before that would never be drawn. */
export function toasterReady(): void {
  listening();
}

type Message = Parameters<Sonner['toast']['success']>[0];

/** Waits for the toaster; should sonner fail to load meanwhile, tries again a few times, further apart. */
function whenShown(show: (module: Sonner) => void, attempt = 0): void {
  Promise.all([loadSonner(), toasterListening]).then(
    ([module]) => show(module),
    () => {
      if (attempt < 4) setTimeout(() => whenShown(show, attempt + 1), 2_000 * 2 ** attempt);
    },
  );
}

function later(kind: 'success' | 'error' | 'info' | 'warning') {
  return (message: Message, options?: ExternalToast): void => whenShown(({ toast }) => toast[kind](message, options));
}

/**
 * The app's toasts (sonner's API, without its return value): shown as soon as the toaster is up, in the order they
 * were asked for. A click's feedback never depends on its component: this queue belongs to no component.
 */
export const toast = {
  success: later('success'),
  error: later('error'),
  info: later('info'),
  warning: later('warning'),
};
