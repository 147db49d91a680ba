import QRCode from 'qrcode';
import { useState } from 'react';
import { toast } from 'sonner';
import { SETTINGS_MESSAGES } from '../../../domain/account-settings';
import { authClient } from '../../lib/auth-client';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { useRefreshSession, whileSessionRotates } from '../accounts/api';

type Step = { name: 'password' } | { name: 'verify'; qr: string; secret: string; backupCodes: string[] };

/** Turns TOTP two-factor authentication on (QR code, backup codes, a first code) or off (password). */
export function TwoFactorDialog({ enabled }: { enabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>({ name: 'password' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refreshSession = useRefreshSession();

  const reset = () => {
    setStep({ name: 'password' });
    setPassword('');
    setCode('');
    setError(null);
  };

  const submitPassword = async () => {
    setBusy(true);
    setError(null);
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
      setError((e as Error).message || SETTINGS_MESSAGES.twoFactorFailed);
    } finally {
      setBusy(false);
    }
  };

  const verify = async () => {
    setBusy(true);
    setError(null);
    const { error: failed } = await whileSessionRotates(authClient.twoFactor.verifyTotp({ code: code.trim() }));
    setBusy(false);
    if (failed) {
      setError(SETTINGS_MESSAGES.invalidCode);
      return;
    }
    // The server signed out every other session of the account when the first code was verified.
    toast.success(SETTINGS_MESSAGES.twoFactorEnabled, { description: SETTINGS_MESSAGES.otherDevicesSignedOut });
    await refreshSession();
    setOpen(false);
    reset();
  };

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
          <form
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              void submitPassword();
            }}
          >
            <FormField id="two-factor-password" label="Password" error={error ?? undefined}>
              <Input
                id="two-factor-password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </FormField>
            <Button type="submit" disabled={busy || password.length === 0}>
              {busy ? 'Please wait...' : enabled ? 'Disable' : 'Continue'}
            </Button>
          </form>
        ) : (
          <form
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              void verify();
            }}
          >
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
            <FormField id="two-factor-code" label="6-digit code" error={error ?? undefined}>
              <Input
                id="two-factor-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </FormField>
            <Button type="submit" disabled={busy || code.trim().length !== 6}>
              {busy ? 'Verifying...' : 'Verify and Enable'}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
