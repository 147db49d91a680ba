import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { AUTH_MESSAGES, signInSchema, type SignIn } from '../../../domain/auth';
import { useTheme } from '../../app/theme';
import { authClient } from '../../lib/auth-client';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert';
import { Button } from '../../ui/button';
import { fieldErrorProps, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { useRefreshSession } from './api';

export function SignInForm() {
  const [serverError, setServerError] = useState<string | null>(null);
  const refreshSession = useRefreshSession();
  const { applySignIn } = useTheme();
  const form = useForm<SignIn>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    const { error } = await authClient.signIn.email(values);
    if (error) {
      const message =
        error.status === 429 ? AUTH_MESSAGES.tooManyAttempts : error.message || AUTH_MESSAGES.signInFailed;
      setServerError(message);
      toast.error(AUTH_MESSAGES.signInFailedToast);
      return;
    }
    applySignIn();
    toast.success(AUTH_MESSAGES.signedIn);
    await refreshSession();
  });

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
        <Input
          type="password"
          autoComplete="current-password"
          {...fieldErrorProps('sign-in-password', errors.password?.message)}
          {...form.register('password')}
        />
      </FormField>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
