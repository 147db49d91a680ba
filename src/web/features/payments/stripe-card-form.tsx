import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../ui/button';

const stripes = new Map<string, Promise<Stripe | null>>();

/** Stripe's own Payment Element, when real keys are configured; the webhook marks the conversation paid. */
export function StripeCardForm({
  publishableKey,
  clientSecret,
  onPaid,
}: {
  publishableKey: string;
  clientSecret: string;
  onPaid(): void;
}) {
  if (!stripes.has(publishableKey)) stripes.set(publishableKey, loadStripe(publishableKey));
  return (
    <Elements stripe={stripes.get(publishableKey)!} options={{ clientSecret }}>
      <PayForm onPaid={onPaid} />
    </Elements>
  );
}

function PayForm({ onPaid }: { onPaid(): void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!stripe || !elements) return;
        setBusy(true);
        const result = await stripe.confirmPayment({ elements, redirect: 'if_required' });
        setBusy(false);
        if (result.error) setError(result.error.message);
        else {
          toast.success('Payment successful');
          onPaid();
        }
      }}
    >
      <PaymentElement />
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" disabled={!stripe || busy}>
        {busy ? 'Processing...' : 'Pay now'}
      </Button>
    </form>
  );
}
