import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { changeEmailSchema, RECOVERY_MESSAGES, type ChangeEmail } from '../../../domain/account-recovery';
import { authClient } from '../../lib/auth-client';
import { toast } from '../../lib/toast';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { fieldErrorProps, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { PasswordInput } from '../../ui/password-input';

/** Read when Settings opens: a link opened in another tab or on the phone has verified it meanwhile. */
function useEmailStatus() {
  return useQuery({
    queryKey: ['settings', 'email-status'],
    queryFn: async () => {
      const { data } = await authClient.getSession();
      return data ? { email: data.user.email, verified: data.user.emailVerified } : null;
    },
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** Settings → Email address: whether it is verified (a new link on request), and changing it. */
export function EmailSection() {
  const status = useEmailStatus();
  const [sending, setSending] = useState(false);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const form = useForm<ChangeEmail>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { newEmail: '', currentPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const current = status.data;

  const sendLink = async () => {
    if (!current) return;
    setSending(true);
    const { error } = await authClient.sendVerificationEmail({ email: current.email });
    setSending(false);
    if (error) toast.error(error.message || RECOVERY_MESSAGES.verificationFailed);
    else toast.success(RECOVERY_MESSAGES.verificationSent(current.email));
  };

  const onSubmit = form.handleSubmit(async ({ newEmail, currentPassword }) => {
    // The server checks the password before anything is sent, and passes better-auth the address alone.
    const { error } = await authClient.changeEmail({ newEmail, currentPassword } as { newEmail: string });
    if (error) {
      const field = error.code === 'WRONG_PASSWORD' ? 'currentPassword' : 'newEmail';
      form.setError(field, { message: error.message || RECOVERY_MESSAGES.emailChangeFailed });
      return;
    }
    setPendingEmail(newEmail);
    toast.success(RECOVERY_MESSAGES.emailChangeSent(newEmail));
    form.reset();
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Mail className="h-5 w-5" aria-hidden />
          Email Address
        </CardTitle>
        <CardDescription>Where we send links and notices about your account.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {current && (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{current.email}</span>
              {current.verified ? (
                <Badge variant="success">Verified</Badge>
              ) : (
                <Badge variant="warning">Not verified</Badge>
              )}
            </div>
            {!current.verified && (
              <Button variant="outline" onClick={() => void sendLink()} disabled={sending}>
                {sending ? 'Sending...' : 'Send Verification Link'}
              </Button>
            )}
          </div>
        )}
        {pendingEmail && (
          <p role="status" className="text-sm text-muted-foreground">
            {RECOVERY_MESSAGES.emailChangePending(pendingEmail)}
          </p>
        )}
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:max-w-md" aria-label="Change email">
          <FormField id="new-email" label="New email" error={errors.newEmail?.message}>
            <Input
              type="email"
              autoComplete="email"
              {...fieldErrorProps('new-email', errors.newEmail?.message)}
              {...form.register('newEmail')}
            />
          </FormField>
          <FormField id="email-current-password" label="Current password" error={errors.currentPassword?.message}>
            <PasswordInput
              autoComplete="current-password"
              {...fieldErrorProps('email-current-password', errors.currentPassword?.message)}
              {...form.register('currentPassword')}
            />
          </FormField>
          <Button type="submit" variant="outline" className="w-fit" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Change Email'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
