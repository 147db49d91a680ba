import { BellOff, BellRing } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import {
  CHAT_ESSENTIALS_TEXTS,
  MUTE_DURATIONS,
  MUTE_LABELS,
  mutedUntilText,
  type MuteTarget,
} from '../../../domain/chat-essentials';
import { Button } from '../../ui/button';
import { useMute } from './use-chat-essentials';

const itemClass =
  'flex cursor-pointer items-center rounded-sm px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-muted data-[disabled]:pointer-events-none data-[disabled]:opacity-50';

const untilFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit' });

/**
 * "Mute notifications" for a room or a conversation, from its header: for 1 hour, 8 hours, a week or until turned
 * back on; once muted, "Muted until …" and Unmute. Muting stops notifications, email and push to this member only.
 */
export function MuteMenu({ target }: { target: MuteTarget }) {
  const { state, mute, unmute, busy } = useMute(target);
  if (!state) return null;
  if (state.muted) {
    return (
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <BellOff className="h-4 w-4" aria-hidden />
        <span data-testid="muted-until">{mutedUntilText(state.until, (d) => untilFormat.format(d))}</span>
        <Button variant="outline" size="sm" disabled={busy} onClick={unmute}>
          <BellRing className="h-4 w-4" aria-hidden /> {CHAT_ESSENTIALS_TEXTS.unmute}
        </Button>
      </div>
    );
  }
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline" size="sm" disabled={busy}>
          <BellOff className="h-4 w-4" aria-hidden /> {CHAT_ESSENTIALS_TEXTS.muteNotifications}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-48 rounded-md border bg-background p-1 shadow-md"
        >
          {MUTE_DURATIONS.map((duration) => (
            <DropdownMenu.Item key={duration} className={itemClass} onSelect={() => mute(duration)}>
              {MUTE_LABELS[duration]}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
