import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader } from '../../ui/card';
import { Checkbox } from '../../ui/checkbox';
import { Label } from '../../ui/label';
import { TextField } from '../../ui/text-field';

/** Only same-site return addresses are followed (the link's return_url comes from our server, but is in the URL). */
function sameSite(url: string | null, fallback: string) {
  if (!url) return fallback;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.origin === window.location.origin ? parsed.pathname + parsed.search : fallback;
  } catch {
    return fallback;
  }
}

/**
 * Test mode's stand-in for Stripe's hosted onboarding: the account holder's details and Stripe's test bank numbers.
 * Submitting makes the account Ready (reported by a signed account.updated webhook) and returns as Stripe would.
 */
export function TestOnboardingPage() {
  const { accountId = '' } = useParams();
  const [params] = useSearchParams();
  const trpc = useTRPC();
  const details = useQuery({ ...trpc.payouts.testOnboarding.queryOptions({ accountId }), retry: false });
  const submit = useMutation(trpc.payouts.submitTestOnboarding.mutationOptions());
  const [legalName, setLegalName] = useState('');
  const [routingNumber, setRoutingNumber] = useState('110000000');
  const [accountNumber, setAccountNumber] = useState('000123456789');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [error, setError] = useState<string>();
  const returnUrl = sameSite(params.get('return_url'), '/payouts-setup?stripe=return');

  if (details.isPending)
    return (
      <p role="status" className="py-20 text-center">
        Loading onboarding...
      </p>
    );
  if (details.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <p role="alert">This onboarding link is not yours or has expired.</p>
        <Button asChild className="mt-4">
          <Link to="/payouts-setup?mode=resume">Get a new link</Link>
        </Button>
      </div>
    );
  }
  const d = details.data;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-10">
      <Card>
        <CardHeader className="flex flex-col gap-2">
          <Badge variant="warning" className="w-fit">
            TEST MODE
          </Badge>
          <h1 className="text-xl font-semibold leading-none tracking-tight">Set up payouts</h1>
          <p className="text-sm text-muted-foreground">
            {d.minor
              ? `A parent or guardian (${d.guardianEmail}) completes this in their own name for ${d.name}.`
              : `Payouts for ${d.name} (${d.email}).`}{' '}
            No real money moves in test mode.
          </p>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              setError(undefined);
              submit.mutate(
                { accountId, legalName, routingNumber, accountNumber, acceptTerms: acceptTerms as true },
                {
                  onSuccess: () => window.location.assign(returnUrl),
                  onError: (err) => setError(err.message),
                },
              );
            }}
          >
            <TextField
              id="legal-name"
              label={d.minor ? 'Parent or guardian full legal name' : 'Full legal name'}
              autoComplete="name"
              value={legalName}
              onValueChange={setLegalName}
            />
            <div className="grid grid-cols-2 gap-3">
              <TextField
                id="routing-number"
                label="Routing number"
                inputMode="numeric"
                value={routingNumber}
                onValueChange={setRoutingNumber}
              />
              <TextField
                id="account-number"
                label="Account number"
                inputMode="numeric"
                value={accountNumber}
                onValueChange={setAccountNumber}
              />
            </div>
            <div className="flex items-center gap-2">
              <Checkbox id="accept-terms" checked={acceptTerms} onCheckedChange={(v) => setAcceptTerms(v === true)} />
              <Label htmlFor="accept-terms">I agree to the connected account agreement (test)</Label>
            </div>
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            <Button type="submit" disabled={submit.isPending}>
              {submit.isPending ? 'Submitting...' : 'Submit'}
            </Button>
            <Button asChild variant="ghost">
              <a href={returnUrl}>Save and finish later</a>
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
