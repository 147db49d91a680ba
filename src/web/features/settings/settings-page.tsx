import { useMutation, useQuery } from '@tanstack/react-query';
import { Bell, Globe, Moon, RefreshCw, ShieldCheck, Trash2, User, Activity } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SETTINGS_MESSAGES } from '../../../domain/account-settings';
import { PRESENCE_LABELS, PRESENCE_STATUSES, type PresenceStatus } from '../../../domain/presence';
import { useTheme } from '../../app/theme';
import { localTimeZone } from '../../lib/dates';
import { withFeedback } from '../../lib/mutation-feedback';
import { useTRPC } from '../../lib/trpc';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Label } from '../../ui/label';
import { NativeSelect } from '../../ui/native-select';
import { PageContainer, PageMessage } from '../../ui/page';
import { Tooltip } from '../../ui/tooltip';
import { useSession } from '../accounts/api';
import { useMyProfile } from '../profiles/api';
import { ChangePasswordDialog } from './change-password-dialog';
import { DeleteAccountDialog } from './delete-account-dialog';
import { EmailSection } from './email-section';
import { TwoFactorDialog } from './two-factor-dialog';
import { NotificationSettingsSection } from './notification-settings-section';
import { Toggle } from './toggle';
import { SchoolSection } from './school-section';
import { BlockedMembersSection } from '../blocks/blocked-members-section';

/** /settings: account, notifications, appearance, status, security, region, and account deletion. */
export function SettingsPage() {
  const { account } = useSession();
  const profile = useMyProfile(Boolean(account));
  const navigate = useNavigate();
  const { resolved, setTheme } = useTheme();
  const [timeZone, setTimeZone] = useState(localTimeZone);
  const trpc = useTRPC();
  const ownPresence = useQuery({
    ...trpc.presence.of.queryOptions({ userIds: account ? [account.id] : [] }),
    enabled: Boolean(account),
  });
  const [chosen, setChosen] = useState<PresenceStatus | '' | null>(null);
  const status = chosen ?? ownPresence.data?.[0]?.manualStatus ?? '';
  // A failure tells nothing, as before: the select shows the choice again on the next load.
  const setPresence = useMutation(
    withFeedback(trpc.presence.setStatus.mutationOptions(), { success: SETTINGS_MESSAGES.statusUpdated }),
  );

  if (!account) {
    return (
      <PageMessage>
        <h1 className="text-xl font-semibold">You must be logged in to view this page</h1>
      </PageMessage>
    );
  }

  return (
    <PageContainer width="narrow">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">Settings</h1>
        {account.isAdmin && (
          <Badge variant="gold">
            <ShieldCheck className="h-3.5 w-3.5" aria-hidden /> Admin Account
          </Badge>
        )}
      </div>

      <Section
        icon={<User className="h-5 w-5" aria-hidden />}
        title="Account"
        description="Your profile summary and password."
      >
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <Item label="First name" value={profile.data?.firstName ?? account.firstName} />
          <Item label="Last name" value={profile.data?.lastName ?? account.lastName} />
          <Item label="Email" value={account.email} />
        </dl>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button onClick={() => navigate('/my-profile', { state: { startEditing: true } })}>Edit Profile</Button>
          <ChangePasswordDialog />
        </div>
      </Section>

      <EmailSection />
      <SchoolSection />
      <BlockedMembersSection />

      <Section
        icon={<Bell className="h-5 w-5" aria-hidden />}
        title="Notifications"
        description="What reaches you in the app, by email and on your phone."
      >
        <NotificationSettingsSection />
      </Section>

      <Section icon={<Moon className="h-5 w-5" aria-hidden />} title="Appearance">
        <Toggle
          id="dark-mode"
          label="Dark Mode"
          checked={resolved === 'dark'}
          onChange={(on) => setTheme(on ? 'dark' : 'light')}
        />
      </Section>

      <Section
        icon={<Activity className="h-5 w-5" aria-hidden />}
        title="Status"
        description="What others see on your avatar."
      >
        <div className="flex flex-col gap-2 sm:max-w-xs">
          <Label htmlFor="presence-status">Status</Label>
          <NativeSelect
            id="presence-status"
            value={status}
            disabled={setPresence.isPending}
            onChange={(e) => {
              const next = e.target.value as PresenceStatus | '';
              setChosen(next);
              setPresence.mutate({ status: next || null });
            }}
          >
            <option value="">Automatic (from activity)</option>
            {PRESENCE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {PRESENCE_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </Section>

      <Section icon={<ShieldCheck className="h-5 w-5" aria-hidden />} title="Privacy & Security">
        <div className="flex items-center justify-between gap-4">
          <div>
            <p className="font-medium">Two-Factor Authentication</p>
            <p className="text-sm text-muted-foreground">
              {account.twoFactorEnabled
                ? 'On: sign-in asks for a code from your authenticator app.'
                : 'Add a code from an authenticator app to sign-in.'}
            </p>
          </div>
          <TwoFactorDialog enabled={account.twoFactorEnabled} />
        </div>
      </Section>

      <Section icon={<Globe className="h-5 w-5" aria-hidden />} title="Language & Region">
        <div className="flex items-center justify-between gap-4">
          <div>
            <p className="font-medium">Language</p>
            <p className="text-sm text-muted-foreground">English (US)</p>
          </div>
          <Tooltip content="English (US) is the only language for now" side="top">
            <span tabIndex={0}>
              <Button variant="outline" disabled>
                Change
              </Button>
            </span>
          </Tooltip>
        </div>
        <div className="flex items-center justify-between gap-4">
          <div>
            <p className="font-medium">Time Zone</p>
            <p className="text-sm text-muted-foreground" data-testid="time-zone">
              {timeZone}
            </p>
          </div>
          <Button variant="outline" onClick={() => setTimeZone(localTimeZone())}>
            <RefreshCw className="h-4 w-4" aria-hidden /> Refresh
          </Button>
        </div>
      </Section>

      <Section
        icon={<Trash2 className="h-5 w-5" aria-hidden />}
        title="Delete Account"
        description="Permanently remove your account and data."
      >
        <div>
          <DeleteAccountDialog email={account.email} />
        </div>
      </Section>
    </PageContainer>
  );
}

function Section({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          {icon}
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">{children}</CardContent>
    </Card>
  );
}

function Item({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value || '—'}</dd>
    </div>
  );
}
