import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

type Sonner = typeof SonnerModule;

let sonner: Promise<Sonner> | null = null;
let listening: () => void = () => {};
const toasterListening = new Promise<void>((resolve) => (listening = resolve));

/** sonner, loaded once: with the first toast or the toaster, after the page is up (9 KB the first paint skips). */
export function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner');
  return sonner;
}

/** Called by the app's toaster once it listens: a toast published before that would never be drawn. */
export function toasterReady(): void {
  listening();
}

type Message = Parameters<Sonner['toast']['success']>[0];

function later(kind: 'success' | 'error' | 'info' | 'warning') {
  return (message: Message, options?: ExternalToast): void => {
    void Promise.all([loadSonner(), toasterListening]).then(([{ toast }]) => toast[kind](message, options));
  };
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
