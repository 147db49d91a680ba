import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { RECOVERY_MESSAGES, resetPasswordSchema, type ResetPassword } from '../../../domain/account-recovery';
import { authClient } from '../../lib/auth-client';
import { toast } from '../../lib/toast';
import { Alert, AlertDescription } from '../../ui/alert';
import { Button } from '../../ui/button';
import { NewPasswordFields } from './new-password-field';
import { RecoveryCard } from './recovery-card';

/** /reset-password?token=...: the emailed link. A new password with the sign-up rules, then sign in with it. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [linkInvalid, setLinkInvalid] = useState(!token);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetPassword>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    setFailure(null);
    const { error } = await authClient.resetPassword({ newPassword, token: token ?? '' });
    if (error) {
      if (error.code === 'INVALID_TOKEN') setLinkInvalid(true);
      else setFailure(error.message || RECOVERY_MESSAGES.resetFailed);
      return;
    }
    toast.success(RECOVERY_MESSAGES.passwordReset);
    navigate('/auth?mode=login', { replace: true });
  });

  if (linkInvalid) {
    return (
      <RecoveryCard title="Choose a new password">
        <div className="flex flex-col gap-4">
          <Alert variant="destructive">
            <AlertDescription>{RECOVERY_MESSAGES.resetLinkInvalid}</AlertDescription>
          </Alert>
          <Button asChild>
            <Link to="/forgot-password">Send a New Link</Link>
          </Button>
        </div>
      </RecoveryCard>
    );
  }

  return (
    <RecoveryCard
      title="Choose a new password"
      description="Every device signed in to your account will be signed out."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Choose a new password">
        {failure && (
          <Alert variant="destructive">
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        )}
        <NewPasswordFields form={form} idPrefix="reset-" />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Reset Password'}
        </Button>
      </form>
    </RecoveryCard>
  );
}
