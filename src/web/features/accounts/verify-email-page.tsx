import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { RECOVERY_MESSAGES } from '../../../domain/account-recovery';
import { Alert, AlertDescription } from '../../ui/alert';
import { Button } from '../../ui/button';
import { useRefreshSession, useSession } from './api';
import { RecoveryCard } from './recovery-card';

type Outcome = 'verified' | 'changed' | 'expired' | 'invalid';

/**
 * Each link is opened once per page load: a change of address is spent by its first use, and React may run an
 * effect twice.
 */
const opened = new Map<string, Promise<Outcome>>();

function openLink(token: string): Promise<Outcome> {
  let outcome = opened.get(token);
  if (!outcome) {
    outcome = fetch(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, { credentials: 'same-origin' })
      .then(async (response) => {
        const body = (await response.json().catch(() => null)) as { user?: unknown; code?: string } | null;
        if (response.ok) return body?.user ? 'changed' : 'verified';
        return body?.code === 'TOKEN_EXPIRED' ? 'expired' : 'invalid';
      })
      .catch((): Outcome => 'invalid');
    opened.set(token, outcome);
  }
  return outcome;
}

const MESSAGES: Record<Outcome, string> = {
  verified: RECOVERY_MESSAGES.emailVerified,
  changed: RECOVERY_MESSAGES.emailChanged,
  expired: RECOVERY_MESSAGES.verificationExpired,
  invalid: RECOVERY_MESSAGES.verificationInvalid,
};

/**
 * /verify-email?token=...: the emailed link verifies the address (or moves the account to a new one) on a click. Not
 * as it opens: mail scanners open links, and one that runs the page must not confirm an address for whoever asked.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { account } = useSession();
  const refreshSession = useRefreshSession();
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : 'invalid');
  const [checking, setChecking] = useState(false);

  const confirm = async () => {
    if (!token || checking) return;
    setChecking(true);
    const result = await openLink(token);
    setOutcome(result);
    setChecking(false);
    // The account's address in the top bar and Settings.
    if (result === 'changed' || result === 'verified') void refreshSession();
  };

  const ok = outcome === 'verified' || outcome === 'changed';
  return (
    <RecoveryCard title={outcome === 'changed' ? 'Email address changed' : 'Email verification'}>
      <div className="flex flex-col gap-4">
        {outcome === null ? (
          checking ? (
            <p role="status">Checking your link...</p>
          ) : (
            <Button className="w-fit" onClick={() => void confirm()}>
              {RECOVERY_MESSAGES.confirmEmail}
            </Button>
          )
        ) : (
          <Alert variant={ok ? 'default' : 'destructive'} role={ok ? 'status' : 'alert'}>
            <AlertDescription>{MESSAGES[outcome]}</AlertDescription>
          </Alert>
        )}
        {outcome !== null && (
          <Button asChild className="w-fit">
            {account ? <Link to="/settings">Go to Settings</Link> : <Link to="/auth?mode=login">Sign In</Link>}
          </Button>
        )}
      </div>
    </RecoveryCard>
  );
}
