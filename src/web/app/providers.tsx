import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_WIDTH_PX } from '../../domain/shell';
import { PresenceDot } from '../features/presence/presence-dot';
import { loadSonner, toasterReady } from '../lib/toast';
import { createQueryClient, createTrpcClient, TRPCProvider } from '../lib/trpc';
import { useHydrated } from '../lib/use-hydrated';
import { PresenceIndicatorProvider, type PresenceIndicator } from '../ui/user-avatar';
import { ThemeProvider, useTheme } from './theme';

/** Avatars' presence dots come from the presence feature (ui/ imports no feature). */
const presenceDot: PresenceIndicator = (dot) => <PresenceDot {...dot} />;

const Toaster = lazy(async () => ({ default: (await loadSonner()).Toaster }));

/** Queued toasts (lib/toast.ts) are shown once this listens: its effect runs after the Toaster's own. */
function ListeningToaster({ theme }: { theme: 'light' | 'dark' }) {
  useEffect(toasterReady, []);
  return (
    <Toaster
      theme={theme}
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      toastOptions={{ style: { width: TOAST_WIDTH_PX } }}
    />
  );
}

/** The toaster, loaded after the page is up (the server's HTML has none, so hydration matches). */
function Toasts() {
  const { resolved } = useTheme();
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <ListeningToaster theme={resolved} />
    </Suspense>
  );
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
  // Marks the page as live (hydrated, or rendered by the browser): before, a rendered page's buttons do nothing.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <ThemeProvider>
          <PresenceIndicatorProvider value={presenceDot}>{children}</PresenceIndicatorProvider>
          <Toasts />
        </ThemeProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
