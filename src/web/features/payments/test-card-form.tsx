import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import { PAYMENT_MESSAGES, testCardSchema, type TestCardInput } from '../../../domain/payments';
import { groupedCardNumber, TEST_CARDS } from '../../../domain/test-cards';
import { useSchemaForm } from '../../lib/schema-form';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';

export type CardResult = { status: string; message?: string };
export type TestCard = z.output<typeof testCardSchema>;

/** The schema's order: the first field in error is the one the form names, as the server would. */
const FIELD_ORDER = ['number', 'expiry', 'cvc'] as const;
const ERROR_ID = 'card-error';

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
  // What was typed stays through a decline and a 3D Secure challenge, so a retry changes only what was wrong.
  const form = useSchemaForm<TestCardInput, TestCard>(testCardSchema, {
    defaultValues: { number: '', expiry: '', cvc: '' },
  });
  const setError = (message: string | undefined) => form.setError('root.server', { message });
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

  // One error at a time in one alert, as the server reports it; the field it is about points at it.
  const { errors } = form.formState;
  const invalidField = errors.root?.server ? undefined : FIELD_ORDER.find((name) => errors[name]?.message);
  const error = errors.root?.server?.message ?? (invalidField && errors[invalidField]?.message);
  const describedBy = (name: (typeof FIELD_ORDER)[number]) =>
    invalidField === name ? { 'aria-invalid': true, 'aria-describedby': ERROR_ID } : {};

  return (
    <form className="flex flex-col gap-4" onSubmit={form.handleSubmit((card) => pay.mutate(card))}>
      <FormField id="card-number" label="Card number">
        <Input
          id="card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          {...describedBy('number')}
          {...form.register('number')}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField id="card-expiry" label="Expiry (MM/YY)">
          <Input
            id="card-expiry"
            autoComplete="cc-exp"
            placeholder="12/34"
            {...describedBy('expiry')}
            {...form.register('expiry')}
          />
        </FormField>
        <FormField id="card-cvc" label="CVC">
          <Input
            id="card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            {...describedBy('cvc')}
            {...form.register('cvc')}
          />
        </FormField>
      </div>
      {error && (
        <p id={ERROR_ID} role="alert" className="text-sm text-destructive">
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
