import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { z } from 'zod';
import {
  ONBOARDING_POPUP,
  onboardingErrorText,
  onboardingFlow,
  PAYOUT_BADGE_TEXT,
  PAYOUT_MESSAGES,
  PAYOUT_POLL_SETUP_MS,
  payoutBadge,
  payoutDateOfBirthSchema,
  needsGuardianScreen,
  RETURN_CLOSE_DELAY_MS,
} from '../../../domain/payouts';
import { useSchemaForm } from '../../lib/schema-form';
import { Button } from '../../ui/button';
import { Card, CardContent } from '../../ui/card';
import { FormField, fieldErrorProps } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { PageContainer } from '../../ui/page';
import { useSession } from '../accounts/api';
import { useMyProfile } from '../profiles/api';
import { connectedNotReady, ONBOARDING_FINISHED, refusalOf, usePayoutMutations, usePayoutStatus } from './api';
import { GuardianScreen } from './guardian-screen';

/**
 * /payouts-setup: start (default) or resume onboarding, or, with ?stripe, the return from it. Onboarding opens in a
 * 960 × 880 window; when the browser blocks it, this tab goes there instead.
 */
export function PayoutsSetupPage() {
  const [params] = useSearchParams();
  const { account } = useSession();
  if (!account) {
    return (
      <Shell>
        <p role="alert">{PAYOUT_MESSAGES.notAuthenticated}</p>
        <Button asChild className="w-fit">
          <Link to="/auth?mode=login&redirect=/payouts-setup">Sign In</Link>
        </Button>
      </Shell>
    );
  }
  if (params.has('stripe')) return <ReturnScreen />;
  return <SetupScreen mode={params.get('mode') === 'resume' ? 'resume' : 'start'} />;
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <PageContainer width="narrow">
      <h1 className="text-3xl font-bold">Payouts Setup</h1>
      <Card>
        <CardContent className="flex flex-col gap-5 pt-6">{children}</CardContent>
      </Card>
    </PageContainer>
  );
}

/** Back from onboarding: ask for the status, tell the opener, close after about 400 ms. */
function ReturnScreen() {
  const status = usePayoutStatus(PAYOUT_POLL_SETUP_MS, () => false);
  const done = status.isSuccess || status.isError;
  useEffect(() => {
    if (!done) return;
    window.opener?.postMessage({ type: ONBOARDING_FINISHED }, window.location.origin);
    const timer = setTimeout(() => window.close(), RETURN_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done]);
  return (
    <Shell>
      <p role="status">Onboarding finished. This window closes by itself.</p>
      <StatusLine status={status} />
      <Button asChild variant="outline" className="w-fit">
        <Link to="/my-profile">Back to My Profile</Link>
      </Button>
    </Shell>
  );
}

type Phase = 'preparing' | 'redirecting' | 'guardian' | 'error';

function SetupScreen({ mode }: { mode: 'start' | 'resume' }) {
  const profile = useMyProfile();
  const status = usePayoutStatus(PAYOUT_POLL_SETUP_MS, connectedNotReady);
  const { beginSetup, createAccount, accountLink } = usePayoutMutations();
  const [phase, setPhase] = useState<Phase>('preparing');
  const [error, setError] = useState<string>();
  const launched = useRef(false);
  const dateOfBirth = profile.data?.dateOfBirth ?? null;
  const { age } = onboardingFlow(dateOfBirth);

  // Relay the onboarding window's news to the tab that opened this one (My Profile).
  useEffect(() => {
    const relay = (event: MessageEvent) => {
      if (event.origin === window.location.origin && event.data?.type === ONBOARDING_FINISHED) {
        window.opener?.postMessage(event.data, window.location.origin);
      }
    };
    window.addEventListener('message', relay);
    return () => window.removeEventListener('message', relay);
  }, []);

  function launch(url: string | undefined) {
    if (!url) {
      setError(PAYOUT_MESSAGES.missingUrl);
      return setPhase('error');
    }
    setPhase('redirecting');
    const popup = window.open(
      url,
      'payouts-onboarding',
      `popup,width=${ONBOARDING_POPUP.width},height=${ONBOARDING_POPUP.height}`,
    );
    if (!popup) window.location.assign(url);
  }

  function failed(err: unknown, fallback: string, userInitiated: boolean) {
    const refusal = refusalOf(err);
    const text = onboardingErrorText(refusal, fallback);
    setError(text);
    // Any refusal of a start leads to the guardian screen (spec 1 section 4).
    if (needsGuardianScreen(refusal.appCode) || mode === 'start') {
      setPhase('guardian');
      if (userInitiated && needsGuardianScreen(refusal.appCode)) toast.info(PAYOUT_MESSAGES.continueWithGuardian);
    } else {
      setPhase('error');
    }
  }

  function start(guardianEmail: string | null, userInitiated: boolean) {
    createAccount.mutate(
      { guardian_email: guardianEmail },
      {
        onSuccess: ({ url }) => launch(url),
        onError: (err) =>
          failed(err, guardianEmail ? PAYOUT_MESSAGES.startMinorFailed : PAYOUT_MESSAGES.startFailed, userInitiated),
      },
    );
  }

  // Auto-launch once, when the profile is known. The server decides (and locks) the adult or minor flow: a minor goes
  // to the guardian screen, since there is nothing to start until the email is given.
  useEffect(() => {
    if (launched.current || !profile.isSuccess) return;
    launched.current = true;
    if (mode === 'resume') {
      accountLink.mutate(undefined, {
        onSuccess: ({ url }) => launch(url),
        onError: (err) => failed(err, PAYOUT_MESSAGES.resumeFailed, false),
      });
    } else {
      beginSetup.mutate(undefined, {
        onSuccess: (decided) => (decided.flow === 'minor' ? setPhase('guardian') : start(null, false)),
        onError: (err) => failed(err, PAYOUT_MESSAGES.startFailed, false),
      });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page load (spec: "once"), again after a new date of birth
  }, [profile.isSuccess, dateOfBirth]);

  return (
    <Shell>
      <DateOfBirthLine
        dateOfBirth={dateOfBirth}
        age={age}
        onSaved={() => {
          launched.current = false;
          setError(undefined);
          setPhase('preparing');
        }}
      />
      {phase === 'preparing' && (
        <p role="status">{mode === 'resume' ? PAYOUT_MESSAGES.reopening : PAYOUT_MESSAGES.preparing}</p>
      )}
      {phase === 'redirecting' &&
        payoutBadge(status.data ?? { connected: false, charges_enabled: false, payouts_enabled: false }) !==
          'ready' && (
          <div className="flex flex-col gap-2">
            <p role="status">{PAYOUT_MESSAGES.redirecting}</p>
            <p className="text-sm text-muted-foreground">
              Finish onboarding in the window that opened; this page updates by itself.
            </p>
          </div>
        )}
      {phase === 'guardian' && (
        <>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <GuardianScreen
            hasDateOfBirth={dateOfBirth !== null}
            busy={createAccount.isPending}
            onContinue={(email) => start(email, true)}
          />
        </>
      )}
      {phase === 'error' && (
        <div className="flex flex-col gap-3">
          <p role="alert" className="text-destructive">
            {error}
          </p>
          <Button className="w-fit" onClick={() => (mode === 'resume' ? window.location.reload() : start(null, true))}>
            Try Again
          </Button>
        </div>
      )}
      <StatusLine status={status} />
    </Shell>
  );
}

function StatusLine({ status }: { status: ReturnType<typeof usePayoutStatus> }) {
  if (status.isError) return <p role="alert">{PAYOUT_MESSAGES.statusFailed}</p>;
  if (!status.data) return null;
  const badge = payoutBadge(status.data);
  return (
    <p className="text-sm" data-testid="payout-status-line" aria-live="polite">
      Status: <strong>{PAYOUT_BADGE_TEXT[badge]}</strong>
      {badge === 'ready' && ` ${PAYOUT_MESSAGES.connected}`}
    </p>
  );
}

/** Date of birth and age; without one, a field to add it (the payout rules need it). */
/** The server's input for saving a date of birth, with the shared field schema. */
const dateOfBirthForm = z.object({ dateOfBirth: payoutDateOfBirthSchema });

function DateOfBirthLine({
  dateOfBirth,
  age,
  onSaved,
}: {
  dateOfBirth: string | null;
  age: number | null;
  onSaved(): void;
}) {
  const { saveDateOfBirth } = usePayoutMutations();
  const form = useSchemaForm<{ dateOfBirth: string }, { dateOfBirth: string }>(dateOfBirthForm, {
    defaultValues: { dateOfBirth: '' },
  });
  const error = form.formState.errors.dateOfBirth?.message;
  if (dateOfBirth) {
    return (
      <p data-testid="payout-dob">
        Date of birth: {dateOfBirth} (age {age}) · {age !== null && age < 18 ? 'Guardian payouts' : 'Adult payouts'}
      </p>
    );
  }
  return (
    <form
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      // The toasts are the mutation's own; a new age may change the flow: start again with it.
      onSubmit={form.handleSubmit((parsed) => saveDateOfBirth.mutate(parsed, { onSuccess: onSaved }))}
    >
      <div className="flex-1">
        <FormField id="payout-dob" label="Date of birth" error={error}>
          <Input type="date" {...form.register('dateOfBirth')} {...fieldErrorProps('payout-dob', error)} />
        </FormField>
      </div>
      <Button type="submit" variant="outline" disabled={saveDateOfBirth.isPending}>
        Save Date of Birth
      </Button>
    </form>
  );
}
