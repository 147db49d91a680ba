import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_WIDTH_PX } from '../../domain/shell';
import { PresenceDot } from '../features/presence/presence-dot';
import { createQueryClient, createTrpcClient, TRPCProvider } from '../lib/trpc';
import { TooltipProvider } from '../ui/tooltip';
import { PresenceIndicatorProvider, type PresenceIndicator } from '../ui/user-avatar';
import { ThemeProvider, useTheme } from './theme';

/** Avatars' presence dots come from the presence feature (ui/ imports no feature). */
const presenceDot: PresenceIndicator = (dot) => <PresenceDot {...dot} />;

function Toasts() {
  const { resolved } = useTheme();
  return (
    <Toaster
      theme={resolved}
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      toastOptions={{ style: { width: TOAST_WIDTH_PX } }}
    />
  );
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <ThemeProvider>
          <TooltipProvider delayDuration={300}>
            <PresenceIndicatorProvider value={presenceDot}>{children}</PresenceIndicatorProvider>
            <Toasts />
          </TooltipProvider>
        </ThemeProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
