import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { forgotPasswordSchema, RECOVERY_MESSAGES, type ForgotPassword } from '../../../domain/account-recovery';
import { authClient } from '../../lib/auth-client';
import { Alert, AlertDescription } from '../../ui/alert';
import { Button } from '../../ui/button';
import { fieldErrorProps, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { RecoveryCard } from './recovery-card';

/** /forgot-password: the same answer whether the address has an account or not. */
export function ForgotPasswordPage() {
  const [answer, setAnswer] = useState<{ sent: boolean; message: string } | null>(null);
  const form = useForm<ForgotPassword>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setAnswer(null);
    const { error } = await authClient.requestPasswordReset({ email });
    setAnswer(
      error
        ? { sent: false, message: error.message || RECOVERY_MESSAGES.resetFailed }
        : { sent: true, message: RECOVERY_MESSAGES.resetRequested },
    );
  });

  return (
    <RecoveryCard
      title="Reset your password"
      description="Type the email you signed up with. We will send you a link to choose a new password."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Reset your password">
        {answer && (
          <Alert variant={answer.sent ? 'default' : 'destructive'} role={answer.sent ? 'status' : 'alert'}>
            <AlertDescription>{answer.message}</AlertDescription>
          </Alert>
        )}
        <FormField id="forgot-email" label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            {...fieldErrorProps('forgot-email', errors.email?.message)}
            {...form.register('email')}
          />
        </FormField>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send Reset Link'}
        </Button>
        <Link to="/auth?mode=login" className="text-center text-sm font-medium text-primary hover:underline">
          Back to sign in
        </Link>
      </form>
    </RecoveryCard>
  );
}
