import { isValidEmoji } from '../../../domain/emoji';
import { reactionOutcome } from '../../../domain/rooms';
import { cn } from '../../lib/cn';
import type { RoomReaction } from './api-messages';

/** The viewer's change for `picked` on a message where their reaction is `mine` (reactionOutcome), or null. */
export function reactionChange(messageId: string, mine: string | null, picked: string): ReactionChange | null {
  const outcome = reactionOutcome(mine, picked);
  if ('remove' in outcome) return { messageId, remove: true };
  return isValidEmoji(outcome.set) ? { messageId, emoji: outcome.set } : null;
}

/** What clicking or picking an emoji does to the viewer's reaction (reactionOutcome): set it, or remove it. */
export type ReactionChange = { messageId: string; emoji: string } | { messageId: string; remove: true };

/**
 * A message's reactions grouped by emoji with their counts (spec 3, section 4): clicking your own removes it,
 * someone else's adds yours (replacing what you had). An invalid stored emoji shows "?" and cannot be added.
 */
export function Reactions({
  messageId,
  reactions,
  me,
  canReact,
  onChange,
}: {
  messageId: string;
  reactions: RoomReaction[];
  me: string;
  canReact: boolean;
  onChange(change: ReactionChange): void;
}) {
  const mine = reactions.find((r) => r.userId === me)?.emoji ?? null;
  const groups = new Map<string, number>();
  for (const r of reactions) groups.set(r.emoji, (groups.get(r.emoji) ?? 0) + 1);
  const choose = (emoji: string) => {
    const change = reactionChange(messageId, mine, emoji);
    if (change) onChange(change);
  };
  if (groups.size === 0) return null;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-1" aria-label="Reactions" role="group">
      {[...groups].map(([emoji, count]) => {
        const own = emoji === mine;
        const usable = canReact && (own || isValidEmoji(emoji));
        return (
          <button
            key={emoji}
            type="button"
            disabled={!usable}
            aria-pressed={own}
            aria-label={`${emoji} ${count}${own ? ', your reaction: remove' : ', react with this'}`}
            data-testid="reaction"
            className={cn(
              'inline-flex h-7 items-center gap-1 rounded-full border px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-default',
              own ? 'border-primary bg-primary/10' : 'bg-background hover:bg-muted',
            )}
            onClick={() => choose(emoji)}
          >
            <span aria-hidden>{emoji}</span>
            <span aria-hidden className="text-xs text-muted-foreground">
              {count}
            </span>
          </button>
        );
      })}
    </div>
  );
}
