import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { PUSH_MESSAGES } from '../../../domain/notification-preferences';
import { currentSubscription, pushSupport, subscribeThisDevice, type PushSupport } from './push-device';

/**
 * Push on this browser: off and saying why where it cannot be, asked only from a click (browsers refuse or hide a
 * prompt nobody asked for), and forgotten on request.
 */
export function PushDeviceRow() {
  const trpc = useTRPC();
  // Settings is drawn in the browser only (a visitor is shown the sign-in message), so window is there.
  const [support, setSupport] = useState<PushSupport>(pushSupport);
  const [endpoint, setEndpoint] = useState<string | null>(null);
  useEffect(() => {
    void currentSubscription().then((s) => setEndpoint(s?.endpoint ?? null));
  }, []);
  const key = useQuery({
    ...trpc.push.publicKey.queryOptions(),
    enabled: support === 'default' || support === 'granted',
  });
  const subscribe = useMutation(trpc.push.subscribe.mutationOptions());
  const unsubscribe = useMutation(trpc.push.unsubscribe.mutationOptions());
  const [busy, setBusy] = useState(false);

  const turnOn = async () => {
    if (!key.data || busy) return;
    setBusy(true);
    try {
      const device = await subscribeThisDevice(key.data.publicKey);
      setSupport(pushSupport());
      if (!device) return;
      await subscribe.mutateAsync(device);
      setEndpoint(device.endpoint);
    } catch {
      toast.error(PUSH_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  };
  const turnOff = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await unsubscribe.mutateAsync({ endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      setEndpoint(null);
    } finally {
      setBusy(false);
    }
  };

  const status =
    support === 'unsupported'
      ? PUSH_MESSAGES.unsupported
      : support === 'denied'
        ? PUSH_MESSAGES.denied
        : endpoint
          ? PUSH_MESSAGES.on
          : PUSH_MESSAGES.off;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-muted-foreground" data-testid="push-device-status">
        {status}
      </p>
      {support !== 'unsupported' && support !== 'denied' && (
        <Button
          variant="outline"
          size="sm"
          disabled={busy || (!endpoint && !key.data)}
          onClick={() => void (endpoint ? turnOff() : turnOn())}
        >
          {endpoint ? PUSH_MESSAGES.turnOff : PUSH_MESSAGES.allow}
        </Button>
      )}
    </div>
  );
}
