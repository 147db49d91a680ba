import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { PAYMENT_MESSAGES } from '../../../domain/payments';
import { groupedCardNumber, TEST_CARDS } from '../../../domain/test-cards';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';

export type CardResult = { status: string; message?: string };
export interface TestCard {
  number: string;
  expiry: string;
  cvc: string;
}

/**
 * Test mode's card form: Stripe's test numbers behave as in Stripe's test mode (success, 3D Secure, declines). The
 * outcome reaches the conversation through the signed webhook path; this form only reports it.
 */
export function TestCardForm({
  pay: payCard,
  answer: answerChallenge,
  onPaid,
}: {
  /** Charges the intent this form is for; the server decides the outcome from the card number. */
  pay(card: TestCard): Promise<CardResult>;
  answer(approve: boolean): Promise<CardResult>;
  onPaid(): void;
}) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [error, setError] = useState<string>();
  const [challenge, setChallenge] = useState(false);
  // The outcome is told from the mutations' own callbacks: a paid conversation can close this dialog (its live
  // update may arrive before the answer), and the toast must not depend on the form staying mounted.
  const pay = useMutation({
    mutationFn: payCard,
    onSuccess: (result) => report(result),
    onError: (err) => setError(err.message || PAYMENT_MESSAGES.failed),
  });
  const answer = useMutation({ mutationFn: answerChallenge, onSuccess: (result) => report(result) });

  function report(result: { status: string; message?: string }) {
    if (result.status === 'succeeded') {
      toast.success(PAYMENT_MESSAGES.succeeded);
      onPaid();
    } else if (result.status === 'requires_action') {
      setChallenge(true);
    } else {
      setChallenge(false);
      setError(result.message);
    }
  }

  if (challenge) {
    return (
      <div className="flex flex-col gap-3" role="group" aria-label="3D Secure authentication">
        <p className="text-sm">Your bank asks you to confirm this payment (3D Secure test).</p>
        <div className="flex gap-2">
          <Button disabled={answer.isPending} onClick={() => answer.mutate(true)}>
            Complete authentication
          </Button>
          <Button variant="outline" disabled={answer.isPending} onClick={() => answer.mutate(false)}>
            Fail authentication
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        setError(undefined);
        pay.mutate({ number, expiry, cvc });
      }}
    >
      <TextField
        id="card-number"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        value={number}
        onValueChange={setNumber}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          id="card-expiry"
          label="Expiry (MM/YY)"
          autoComplete="cc-exp"
          placeholder="12/34"
          value={expiry}
          onValueChange={setExpiry}
        />
        <TextField
          id="card-cvc"
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          value={cvc}
          onValueChange={setCvc}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" disabled={pay.isPending}>
        {pay.isPending ? 'Processing...' : 'Pay now'}
      </Button>
      <details className="text-xs text-muted-foreground">
        <summary className="cursor-pointer">Test card numbers</summary>
        <ul className="mt-2 flex flex-col gap-1">
          {TEST_CARDS.map((c) => (
            <li key={c.number}>
              <code>{groupedCardNumber(c.number)}</code>: {c.label}
            </li>
          ))}
        </ul>
        <p className="mt-1">Any future expiry and any 3-digit CVC.</p>
      </details>
    </form>
  );
}
