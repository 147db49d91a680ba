import { Wallet } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { PAYOUT_BADGE_TEXT, PAYOUT_MESSAGES, PAYOUT_POLL_PROFILE_MS, payoutBadge } from '../../../domain/payouts';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { connectedNotReady, usePayoutStatus } from './api';

const BADGE_VARIANT = { not_connected: 'outline', action_required: 'warning', ready: 'success' } as const;

/**
 * My Profile's payouts card: Not connected, Action required or Ready. Setup opens in a new tab; while the account is
 * connected but not Ready the card asks every 3 s, and says so when it becomes Ready.
 */
export function PayoutsCard() {
  // Also polled after the user opens setup in another tab, until the account exists (profile events usually win).
  const [opened, setOpened] = useState(false);
  const status = usePayoutStatus(PAYOUT_POLL_PROFILE_MS, (s) => connectedNotReady(s) || (opened && !s?.connected));
  const badge = status.data ? payoutBadge(status.data) : null;
  const previous = useRef(badge);
  useEffect(() => {
    if (previous.current && previous.current !== 'ready' && badge === 'ready') toast.success(PAYOUT_MESSAGES.connected);
    previous.current = badge;
  }, [badge]);

  const open = (mode: 'start' | 'resume') => {
    setOpened(true);
    window.open(`/payouts-setup?mode=${mode}`, '_blank');
  };
  return (
    <Card data-testid="payouts-card">
      <CardHeader className="flex-row items-center gap-2">
        <Wallet className="h-5 w-5" aria-hidden />
        <CardTitle className="text-base">Payouts</CardTitle>
        {badge && (
          <Badge variant={BADGE_VARIANT[badge]} className="ml-auto" data-testid="payout-badge">
            {PAYOUT_BADGE_TEXT[badge]}
          </Badge>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm text-muted-foreground">
        {status.isPending && <p role="status">Checking payout status...</p>}
        {status.isError && <p role="alert">{PAYOUT_MESSAGES.statusFailed}</p>}
        {badge === 'not_connected' && (
          <>
            <p>Connect a payout account to be paid for your services. Under 18? A parent or guardian sets it up.</p>
            <Button size="sm" className="w-fit" onClick={() => open('start')}>
              Set Up Payouts
            </Button>
          </>
        )}
        {badge === 'action_required' && (
          <>
            <p>Your payout account needs more details before you can be paid.</p>
            <Button size="sm" className="w-fit" onClick={() => open('resume')}>
              Continue Setup
            </Button>
          </>
        )}
        {badge === 'ready' && (
          <>
            <p>Payments for your completed services are transferred to your payout account.</p>
            <Button size="sm" variant="outline" className="w-fit" onClick={() => open('resume')}>
              Update Payout Details
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
