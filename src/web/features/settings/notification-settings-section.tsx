import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  channelsFor,
  clockToMinutes,
  minutesToClock,
  NOTIFICATION_KIND_LABELS,
  PREFERENCE_MESSAGES,
  type NotificationSettings,
} from '../../../domain/notification-preferences';
import {
  defaultChannels,
  emailAllowed,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from '../../../domain/notifications';
import { localTimeZone } from '../../lib/dates';
import { withFeedback } from '../../lib/mutation-feedback';
import { useTRPC } from '../../lib/trpc';
import { Checkbox } from '../../ui/checkbox';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { PushDeviceRow } from './push-device-row';
import { Toggle } from './toggle';

const CHANNEL_LABELS: Record<NotificationChannel, string> = { inApp: 'In the app', email: 'Email', push: 'Push' };
const DEFAULT_QUIET = { start: 22 * 60, end: 7 * 60 };

/**
 * The spec's two switches, saved to the account, and behind them the choice per kind and quiet hours. Every change
 * saves the whole form at once; saves run one after another (one mutation scope), so fast clicks land in order.
 */
export function NotificationSettingsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.notificationSettings.get.queryOptions());
  const key = trpc.notificationSettings.get.queryKey();
  const save = useMutation({
    ...withFeedback(trpc.notificationSettings.update.mutationOptions(), { failure: PREFERENCE_MESSAGES.saveFailed }),
    scope: { id: 'notification-settings' },
    // A refused save puts back what the server holds.
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });

  if (query.isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (query.isError) return <p className="text-sm text-destructive">{PREFERENCE_MESSAGES.loadFailed}</p>;
  const { settings, isMinor } = query.data;

  const change = (next: NotificationSettings) => {
    queryClient.setQueryData(key, { settings: next, isMinor });
    save.mutate(next);
  };
  const setKind = (kind: NotificationKind, channel: NotificationChannel, on: boolean) => {
    const current = settings.kinds[kind] ?? defaultChannels(kind);
    change({ ...settings, kinds: { ...settings.kinds, [kind]: { ...current, [channel]: on } } });
  };
  const quiet = settings.quietHours;
  const setQuiet = (edge: 'start' | 'end', clock: string) => {
    const minutes = clockToMinutes(clock);
    if (minutes === null || !quiet) return;
    change({ ...settings, quietHours: { ...quiet, [edge]: minutes }, timeZone: localTimeZone() });
  };

  return (
    <>
      <Toggle
        id="push-notifications"
        label="Push Notifications"
        checked={settings.pushEnabled}
        onChange={(on) => change({ ...settings, pushEnabled: on })}
      />
      {settings.pushEnabled && <PushDeviceRow />}
      <Toggle
        id="email-updates"
        label="Email Updates"
        checked={settings.emailEnabled}
        onChange={(on) => change({ ...settings, emailEnabled: on })}
      />
      <Toggle
        id="quiet-hours"
        label="Quiet hours for email and push"
        checked={quiet !== null}
        onChange={(on) =>
          change({ ...settings, quietHours: on ? (quiet ?? DEFAULT_QUIET) : null, timeZone: localTimeZone() })
        }
      />
      {quiet && (
        <div className="flex flex-wrap items-end gap-4">
          <div className="flex flex-col gap-1">
            <Label htmlFor="quiet-start">From</Label>
            <Input
              id="quiet-start"
              type="time"
              className="w-32"
              value={minutesToClock(quiet.start)}
              onChange={(e) => setQuiet('start', e.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="quiet-end">To</Label>
            <Input
              id="quiet-end"
              type="time"
              className="w-32"
              value={minutesToClock(quiet.end)}
              onChange={(e) => setQuiet('end', e.target.value)}
            />
          </div>
          <p className="text-sm text-muted-foreground">In your time zone ({settings.timeZone ?? localTimeZone()}).</p>
        </div>
      )}
      <details className="rounded-md border p-3">
        <summary className="cursor-pointer font-medium">Choose by kind</summary>
        <p className="mt-2 text-sm text-muted-foreground">{PREFERENCE_MESSAGES.inAppOff}</p>
        {isMinor && <p className="mt-2 text-sm text-muted-foreground">{PREFERENCE_MESSAGES.minorEmail}</p>}
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-muted-foreground">
                <th scope="col" className="py-1 pr-2 font-normal">
                  Kind
                </th>
                {Object.values(CHANNEL_LABELS).map((label) => (
                  <th key={label} scope="col" className="px-2 py-1 text-center font-normal">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {NOTIFICATION_KINDS.map((kind) => {
                const effective = channelsFor(settings, kind, isMinor);
                const chosen = settings.kinds[kind] ?? defaultChannels(kind);
                return (
                  <tr key={kind} className="border-t">
                    <th scope="row" className="py-2 pr-2 text-left font-normal">
                      {NOTIFICATION_KIND_LABELS[kind]}
                    </th>
                    {(Object.keys(CHANNEL_LABELS) as NotificationChannel[]).map((channel) => {
                      const blocked =
                        (channel === 'email' && (!settings.emailEnabled || !emailAllowed(kind, isMinor))) ||
                        (channel === 'push' && !settings.pushEnabled);
                      return (
                        <td key={channel} className="px-2 py-2 text-center">
                          <Checkbox
                            aria-label={`${NOTIFICATION_KIND_LABELS[kind]}: ${CHANNEL_LABELS[channel]}`}
                            checked={blocked ? effective[channel] : chosen[channel]}
                            disabled={blocked}
                            onCheckedChange={(on) => setKind(kind, channel, on === true)}
                          />
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
