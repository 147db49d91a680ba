import { ShieldCheck, UserRound, Wallet } from 'lucide-react';
import { z } from 'zod';
import { Link } from 'react-router';
import { guardianEmailSchema, PAYOUT_MESSAGES } from '../../../domain/payouts';
import { Button } from '../../ui/button';
import { FormField, fieldErrorProps } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { useSchemaForm } from '../../lib/schema-form';

/** The server's rule for the guardian's address (guardianEmailSchema), with the screen's one message. */
const guardianFormSchema = z.object({ email: guardianEmailSchema });

const TILES = [
  { icon: UserRound, title: 'A parent or guardian signs up', text: 'They complete onboarding in their own name.' },
  { icon: Wallet, title: 'Payouts go to their account', text: 'Your earnings are paid to their bank account.' },
  { icon: ShieldCheck, title: 'You keep offering services', text: 'Everything else about your profile stays yours.' },
];

/** The minor flow: a parent or guardian's email starts onboarding in their name. */
export function GuardianScreen({
  hasDateOfBirth,
  busy,
  onContinue,
}: {
  hasDateOfBirth: boolean;
  busy: boolean;
  onContinue(email: string): void;
}) {
  const form = useSchemaForm<{ email: string }>(guardianFormSchema, { defaultValues: { email: '' } });
  const error = form.formState.errors.email ? PAYOUT_MESSAGES.guardianEmailInvalid : undefined;
  return (
    <section className="flex flex-col gap-5" aria-labelledby="guardian-heading">
      <h2 id="guardian-heading" className="text-2xl font-bold">
        {PAYOUT_MESSAGES.almostReady}
      </h2>
      <p className="text-muted-foreground">
        Users under 18 can earn only through a parent or guardian&apos;s payout account.
      </p>
      <ul className="grid gap-3 sm:grid-cols-3">
        {TILES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex flex-col gap-1 rounded-lg border p-3">
            <Icon className="h-5 w-5 text-primary" aria-hidden />
            <span className="font-medium">{title}</span>
            <span className="text-sm text-muted-foreground">{text}</span>
          </li>
        ))}
      </ul>
      <form
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(e) => void form.handleSubmit((values) => onContinue(values.email))(e)}
      >
        <div className="flex-1">
          <FormField id="guardian-email" label="Parent or guardian email" error={error}>
            <Input
              type="email"
              autoComplete="off"
              {...form.register('email')}
              {...fieldErrorProps('guardian-email', error)}
            />
          </FormField>
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Starting...' : 'Continue'}
        </Button>
      </form>
      <p className="text-sm text-muted-foreground">
        Payouts go to a parent or guardian&apos;s account where permitted by law.
      </p>
      {!hasDateOfBirth && (
        <p className="text-sm">
          No date of birth on file.{' '}
          <Link to="/my-profile" state={{ startEditing: true }} className="underline">
            Update your profile
          </Link>
        </p>
      )}
    </section>
  );
}
