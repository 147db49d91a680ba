import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_WIDTH_PX } from '../../domain/shell';
import { SessionProvider } from '../features/accounts/api';
import { PresenceDot } from '../features/presence/presence-dot';
import { loadSonner, toasterReady } from '../lib/toast';
import { createQueryClient, createTrpcClient, TRPCProvider } from '../lib/trpc';
import { pageTakenOver } from '../lib/hydrate-later';
import { useHydrated } from '../lib/use-hydrated';
import { useMediaQuery } from '../lib/use-media-query';
import { PresenceIndicatorProvider, type PresenceIndicator } from '../ui/user-avatar';
import { ThemeProvider, useTheme } from './theme';

/** Avatars' presence dots come from the presence feature (ui/ imports no feature). */
const presenceDot: PresenceIndicator = (dot) => <PresenceDot {...dot} />;

type ToasterComponent = Awaited<ReturnType<typeof loadSonner>>['Toaster'];

/**
 * Queued toasts (lib/toast.ts) are shown once this listens: its effect runs after the Toaster's own. On a phone they
 * come from the top (the width where sonner makes them full width): at the bottom they covered the chat's composer
 * and the forms' buttons.
 */
function ListeningToaster({ Toaster, theme }: { Toaster: ToasterComponent; theme: 'light' | 'dark' }) {
  useEffect(toasterReady, []);
  const phone = useMediaQuery('(max-width: 600px)');
  return (
    <Toaster
      theme={theme}
      position={phone ? 'top-center' : 'bottom-right'}
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      toastOptions={{ style: { width: TOAST_WIDTH_PX } }}
    />
  );
}

/**
 * The toaster, loaded after the page is up (the server's HTML has none, so hydration matches). Not React.lazy: a
 * failed download would throw while rendering and take the whole app down with it; here it is tried again later.
 */
function Toasts() {
  const { resolved } = useTheme();
  const hydrated = useHydrated();
  const [Toaster, setToaster] = useState<ToasterComponent | null>(null);
  useEffect(() => {
    if (!hydrated) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const attempt = (n: number) =>
      loadSonner().then(
        (module) => !stopped && setToaster(() => module.Toaster),
        () => {
          if (!stopped) timer = setTimeout(() => attempt(n + 1), Math.min(30_000, 2_000 * 2 ** n));
        },
      );
    void attempt(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [hydrated]);
  return Toaster ? <ListeningToaster Toaster={Toaster} theme={resolved} /> : null;
}

export function Providers({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  /** Filled by the server (entry-server.tsx), and on the client with what the server rendered. */
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const [trpcClient] = useState(createTrpcClient);
  // Marks the page as live once the app has taken it over (its first pass committed, or rendered by the browser):
  // before, a rendered page's buttons do nothing; after, a press on a part still waiting is replayed by React.
  useEffect(() => {
    pageTakenOver();
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <SessionProvider>
          <ThemeProvider>
            <PresenceIndicatorProvider value={presenceDot}>{children}</PresenceIndicatorProvider>
            <Toasts />
          </ThemeProvider>
        </SessionProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
