import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import {
  AUTH_FAILURE_TOAST_ID,
  AUTH_MESSAGES,
  signInErrorMessage,
  signInSchema,
  type SignIn,
} from '../../../domain/auth';
import { RECOVERY_MESSAGES } from '../../../domain/account-recovery';
import { useTheme } from '../../app/theme';
import { authClient } from '../../lib/auth-client';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert';
import { Button } from '../../ui/button';
import { fieldErrorProps, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { PasswordInput } from '../../ui/password-input';
import { useRefreshSession } from './api';

export function SignInForm() {
  const [serverError, setServerError] = useState<string | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const refreshSession = useRefreshSession();
  const { applySignIn } = useTheme();
  const form = useForm<SignIn>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(
    async (values) => {
      setServerError(null);
      const { data, error } = await authClient.signIn.email(values);
      if (data && 'twoFactorRedirect' in data && data.twoFactorRedirect) {
        setNeedsCode(true);
        return;
      }
      if (error) {
        // The alert stays while the visitor retries; the toast (one, replaced by the next refusal) says it happened.
        const { message, toast: toastText } = signInErrorMessage(error.message, error.status);
        setServerError(message);
        toast.error(toastText, { id: AUTH_FAILURE_TOAST_ID });
        return;
      }
      await finishSignIn();
      // An earlier failure goes as soon as the form is sent again, even if it is then refused before the server.
    },
    () => setServerError(null),
  );

  async function finishSignIn() {
    applySignIn();
    toast.success(AUTH_MESSAGES.signedIn);
    await refreshSession();
  }

  if (needsCode) return <TwoFactorStep onVerified={finishSignIn} />;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Sign in">
      {serverError && (
        <Alert variant="destructive">
          <AlertTitle>Authentication Error</AlertTitle>
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      )}
      <FormField id="sign-in-email" label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          {...fieldErrorProps('sign-in-email', errors.email?.message)}
          {...form.register('email')}
        />
      </FormField>
      <FormField id="sign-in-password" label="Password" error={errors.password?.message}>
        <PasswordInput
          autoComplete="current-password"
          {...fieldErrorProps('sign-in-password', errors.password?.message)}
          {...form.register('password')}
        />
      </FormField>
      <Link to="/forgot-password" className="-mt-2 self-end text-sm font-medium text-primary hover:underline">
        {RECOVERY_MESSAGES.forgotPasswordLink}
      </Link>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}

/** The second step for accounts with two-factor authentication: a code from the app, or a backup code. */
function TwoFactorStep({ onVerified }: { onVerified(): Promise<void> }) {
  const [code, setCode] = useState('');
  const [useBackup, setUseBackup] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const verify = async () => {
    setBusy(true);
    setError(null);
    const { error: failed } = useBackup
      ? await authClient.twoFactor.verifyBackupCode({ code: code.trim() })
      : await authClient.twoFactor.verifyTotp({ code: code.trim() });
    setBusy(false);
    if (failed) {
      setError(failed.message || 'Invalid code. Please try again.');
      return;
    }
    await onVerified();
  };

  return (
    <form
      className="flex flex-col gap-4"
      aria-label="Two-factor verification"
      onSubmit={(e) => {
        e.preventDefault();
        void verify();
      }}
    >
      <p className="text-sm text-muted-foreground">
        {useBackup ? 'Enter one of your backup codes.' : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <FormField id="sign-in-code" label={useBackup ? 'Backup code' : 'Authentication code'} error={error ?? undefined}>
        <Input
          autoComplete="one-time-code"
          inputMode={useBackup ? 'text' : 'numeric'}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          {...fieldErrorProps('sign-in-code', error ?? undefined)}
        />
      </FormField>
      <Button type="submit" disabled={busy || code.trim().length === 0}>
        {busy ? 'Verifying...' : 'Verify'}
      </Button>
      <Button type="button" variant="link" onClick={() => setUseBackup(!useBackup)}>
        {useBackup ? 'Use the authenticator app instead' : 'Use a backup code'}
      </Button>
    </form>
  );
}
