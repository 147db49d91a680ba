import QRCode from 'qrcode';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import { SETTINGS_MESSAGES } from '../../../domain/account-settings';
import {
  PASSWORD_MAX,
  TOTP_CODE_LENGTH,
  twoFactorCodeSchema,
  twoFactorPasswordSchema,
  type TwoFactorCode,
  type TwoFactorPassword,
} from '../../../domain/auth';
import { authClient } from '../../lib/auth-client';
import { useSchemaForm } from '../../lib/schema-form';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../ui/dialog';
import { fieldErrorProps, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { PasswordInput } from '../../ui/password-input';
import { useRefreshSession, whileSessionRotates } from '../accounts/api';

type Step = { name: 'password' } | { name: 'verify'; qr: string; secret: string; backupCodes: string[] };

/** Turns TOTP two-factor authentication on (QR code, backup codes, a first code) or off (password). */
export function TwoFactorDialog({ enabled }: { enabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>({ name: 'password' });
  // Each step's error stays until its next submit, as it always has (no clearing as the field changes).
  const passwordForm = useSchemaForm<TwoFactorPassword, z.output<typeof twoFactorPasswordSchema>>(
    twoFactorPasswordSchema,
    { defaultValues: { password: '' } },
  );
  const codeForm = useSchemaForm<TwoFactorCode, z.output<typeof twoFactorCodeSchema>>(twoFactorCodeSchema, {
    defaultValues: { code: '' },
  });
  const password = useWatch({ control: passwordForm.control, name: 'password' });
  const code = useWatch({ control: codeForm.control, name: 'code' });
  const passwordError = passwordForm.formState.errors.password?.message;
  const codeError = codeForm.formState.errors.code?.message;
  const refreshSession = useRefreshSession();

  const reset = () => {
    setStep({ name: 'password' });
    passwordForm.reset();
    codeForm.reset();
  };

  const submitPassword = passwordForm.handleSubmit(async ({ password }) => {
    try {
      if (enabled) {
        const { error: failed } = await authClient.twoFactor.disable({ password });
        if (failed) throw new Error(failed.message);
        toast.success(SETTINGS_MESSAGES.twoFactorDisabled);
        await refreshSession();
        setOpen(false);
        reset();
        return;
      }
      const { data, error: failed } = await authClient.twoFactor.enable({ password });
      if (failed || !data || !('totpURI' in data)) throw new Error(failed?.message);
      const secret = new URL(data.totpURI).searchParams.get('secret') ?? '';
      setStep({
        name: 'verify',
        qr: await QRCode.toDataURL(data.totpURI, { margin: 1, width: 200 }),
        secret,
        backupCodes: data.backupCodes,
      });
    } catch (e) {
      passwordForm.setError('password', { message: (e as Error).message || SETTINGS_MESSAGES.twoFactorFailed });
    }
  });

  const verify = codeForm.handleSubmit(async ({ code }) => {
    const { error: failed } = await whileSessionRotates(authClient.twoFactor.verifyTotp({ code }));
    if (failed) {
      codeForm.setError('code', { message: SETTINGS_MESSAGES.invalidCode });
      return;
    }
    // The server signed out every other session of the account when the first code was verified.
    toast.success(SETTINGS_MESSAGES.twoFactorEnabled, { description: SETTINGS_MESSAGES.otherDevicesSignedOut });
    await refreshSession();
    setOpen(false);
    reset();
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant={enabled ? 'outline' : 'default'}>{enabled ? 'Disable' : 'Enable'}</Button>
      </DialogTrigger>
      <DialogContent
        title="Two-Factor Authentication"
        description={
          step.name === 'verify'
            ? 'Scan the code with an authenticator app, keep the backup codes somewhere safe, then enter the 6-digit code.'
            : `Enter your password to ${enabled ? 'turn off' : 'turn on'} two-factor authentication.`
        }
      >
        {step.name === 'password' ? (
          <form className="flex flex-col gap-4" noValidate onSubmit={submitPassword}>
            <FormField id="two-factor-password" label="Password" error={passwordError}>
              <PasswordInput
                {...fieldErrorProps('two-factor-password', passwordError)}
                autoComplete="current-password"
                maxLength={PASSWORD_MAX}
                {...passwordForm.register('password')}
              />
            </FormField>
            <Button type="submit" disabled={passwordForm.formState.isSubmitting || password.length === 0}>
              {passwordForm.formState.isSubmitting ? 'Please wait...' : enabled ? 'Disable' : 'Continue'}
            </Button>
          </form>
        ) : (
          <form className="flex flex-col gap-4" noValidate onSubmit={verify}>
            <img
              src={step.qr}
              alt="QR code for your authenticator app"
              width={200}
              height={200}
              className="self-center rounded-md border bg-white"
            />
            <p className="text-center text-xs break-all text-muted-foreground">
              Or enter this key: <code data-testid="totp-secret">{step.secret}</code>
            </p>
            <div>
              <p className="text-sm font-medium">Backup codes</p>
              <ul
                className="mt-2 grid grid-cols-2 gap-1 rounded-md bg-muted p-3 font-mono text-sm"
                aria-label="Backup codes"
              >
                {step.backupCodes.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </div>
            <FormField id="two-factor-code" label="6-digit code" error={codeError}>
              <Input
                {...fieldErrorProps('two-factor-code', codeError)}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={TOTP_CODE_LENGTH}
                {...codeForm.register('code')}
              />
            </FormField>
            <Button type="submit" disabled={codeForm.formState.isSubmitting || code.trim().length !== TOTP_CODE_LENGTH}>
              {codeForm.formState.isSubmitting ? 'Verifying...' : 'Verify and Enable'}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
