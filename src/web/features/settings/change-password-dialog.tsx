import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { changePasswordSchema, SETTINGS_MESSAGES, type ChangePassword } from '../../../domain/account-settings';
import { authClient } from '../../lib/auth-client';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../ui/dialog';
import { fieldErrorProps, FormField } from '../../ui/form-field';
import { PasswordInput } from '../../ui/password-input';
import { NewPasswordFields } from '../accounts/new-password-field';
import { whileSessionRotates } from '../accounts/api';

export function ChangePasswordDialog() {
  const [open, setOpen] = useState(false);
  const form = useForm<ChangePassword>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    const { error } = await whileSessionRotates(
      authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true }),
    );
    if (error) {
      // Beside the field it is about (a wrong current password), once: not again in a toast.
      form.setError('currentPassword', { message: error.message || SETTINGS_MESSAGES.passwordChangeFailed });
      return;
    }
    toast.success(SETTINGS_MESSAGES.passwordChanged);
    form.reset();
    setOpen(false);
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">Change Password</Button>
      </DialogTrigger>
      <DialogContent title="Change Password" description="Your other devices will be signed out.">
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Change password">
          <FormField id="current-password" label="Current password" error={errors.currentPassword?.message}>
            <PasswordInput
              autoComplete="current-password"
              {...fieldErrorProps('current-password', errors.currentPassword?.message)}
              {...form.register('currentPassword')}
            />
          </FormField>
          <NewPasswordFields form={form} idPrefix="" />
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Change Password'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
