import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PAYMENT_MESSAGES } from '../../../domain/payments';
import { isNetworkError } from '../../lib/network-error';
import { useTRPC } from '../../lib/trpc';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { PageContainer } from '../../ui/page';
import { useSession } from '../accounts/api';
import { TestCardForm } from '../payments/test-card-form';

const StripeCardForm = lazy(async () => ({ default: (await import('../payments/stripe-card-form')).StripeCardForm }));

/** /stripe-test (admins): pays a 500-cent test intent, in test mode or with the configured Stripe keys. */
export function StripeTestPage() {
  const { account, isLoading } = useSession();
  return (
    <PageContainer width="narrow">
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold">Payment Test</h1>
      {isLoading ? (
        <p role="status">{PAYMENT_MESSAGES.checkingAccess}</p>
      ) : !account ? (
        <div className="flex flex-col gap-3">
          <p>{PAYMENT_MESSAGES.signInPrompt}</p>
          <Button asChild className="w-fit">
            <Link to="/auth?mode=login&redirect=/stripe-test">Sign In</Link>
          </Button>
        </div>
      ) : !account.isAdmin ? (
        <p role="alert">{PAYMENT_MESSAGES.forbidden}</p>
      ) : (
        <TestPayment />
      )}
    </PageContainer>
  );
}

function TestPayment() {
  const trpc = useTRPC();
  const config = useQuery({ ...trpc.payments.config.queryOptions(), retry: false });
  const intent = useMutation(trpc.paymentTests.createIntent.mutationOptions());
  const pay = useMutation(trpc.paymentTests.payWithTestCard.mutationOptions());
  const answer = useMutation(trpc.paymentTests.completeTestChallenge.mutationOptions());
  const [paid, setPaid] = useState(false);
  const { mutate: createIntent } = intent;
  useEffect(() => {
    if (config.isSuccess) createIntent();
  }, [config.isSuccess, createIntent]);

  if (config.isPending) return <p role="status">{PAYMENT_MESSAGES.loadingStripe}</p>;
  if (config.isError) {
    return (
      <p role="alert">{isNetworkError(config.error) ? PAYMENT_MESSAGES.keyNetwork : PAYMENT_MESSAGES.keyFailed}</p>
    );
  }
  const session = intent.data;
  return (
    // A payment form reads best at card width; left-aligned under the page's heading.
    <Card className="w-full max-w-lg">
      <CardHeader className="flex flex-col gap-2">
        <Badge variant={config.data.mode === 'test' ? 'warning' : 'outline'} className="w-fit">
          {config.data.mode === 'test' ? 'TEST MODE' : 'STRIPE'}
        </Badge>
        <CardTitle>Pay $5.00 (USD)</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground" role="status">
          {intent.isPending ? 'Initializing payment...' : session ? 'Payment form ready.' : ''}
        </p>
        {intent.isError && (
          <p role="alert" className="text-destructive">
            {isNetworkError(intent.error) ? PAYMENT_MESSAGES.secretNetwork : PAYMENT_MESSAGES.secretFailed}
          </p>
        )}
        {paid ? (
          <div className="flex flex-col gap-3">
            <p role="status" className="font-medium text-green-700 dark:text-green-400">
              {PAYMENT_MESSAGES.succeeded}
            </p>
            <Button
              variant="outline"
              className="w-fit"
              onClick={() => {
                setPaid(false);
                createIntent();
              }}
            >
              Pay Again
            </Button>
          </div>
        ) : (
          session &&
          (config.data.mode === 'test' ? (
            <TestCardForm
              key={session.paymentIntentId}
              pay={(card) => pay.mutateAsync({ paymentIntentId: session.paymentIntentId, ...card })}
              answer={(approve) => answer.mutateAsync({ paymentIntentId: session.paymentIntentId, approve })}
              onPaid={() => setPaid(true)}
            />
          ) : (
            config.data.publishableKey && (
              <Suspense fallback={<p role="status">{PAYMENT_MESSAGES.loadingStripe}</p>}>
                <StripeCardForm
                  publishableKey={config.data.publishableKey}
                  clientSecret={session.clientSecret}
                  returnUrl={`${window.location.origin}/stripe-test`}
                  onPaid={() => setPaid(true)}
                />
              </Suspense>
            )
          ))
        )}
      </CardContent>
    </Card>
  );
}
