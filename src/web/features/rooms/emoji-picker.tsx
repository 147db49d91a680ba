import { Popover } from 'radix-ui';
import { SmilePlus } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { EMOJI_CATEGORIES, EMOJI_PICKER_PER_ROW } from '../../../domain/emoji';
import { Button } from '../../ui/button';
import { Tabs, TabsContent, TabsList } from '../../ui/tabs';

const TABS = EMOJI_CATEGORIES.map((c) => ({ value: c.id, label: c.label }));

/**
 * Arrow keys move between the emoji of a grid (8 per row), Home and End to its first and last; Tab leaves it. Enter
 * or Space picks (they are buttons).
 */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  const step: Record<string, number> = {
    ArrowRight: 1,
    ArrowLeft: -1,
    ArrowDown: EMOJI_PICKER_PER_ROW,
    ArrowUp: -EMOJI_PICKER_PER_ROW,
  };
  let next: number | undefined;
  if (event.key in step) next = at + step[event.key]!;
  else if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = buttons.length - 1;
  if (next === undefined) return;
  event.preventDefault();
  buttons[Math.max(0, Math.min(buttons.length - 1, next))]?.focus();
}

/** The reaction picker (spec 3, section 9): six categories, 8 per row, keyboard accessible. */
export function EmojiPicker({ onPick, label = 'Add reaction' }: { onPick(emoji: string): void; label?: string }) {
  const [open, setOpen] = useState(false);
  const [category, setCategory] = useState<string>(EMOJI_CATEGORIES[0].id);
  const firstGrid = useRef<HTMLDivElement>(null);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="sm" className="h-7 px-2" aria-label={label} title={label}>
          <SmilePlus className="h-4 w-4" aria-hidden />
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={6}
          collisionPadding={8}
          aria-label="Emoji picker"
          className="z-50 w-[min(20rem,calc(100vw-1rem))] rounded-lg border bg-background p-2 shadow-lg"
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            firstGrid.current?.querySelector('button')?.focus();
          }}
        >
          <Tabs value={category} onValueChange={setCategory}>
            <TabsList label="Emoji categories" tabs={TABS} />
            {EMOJI_CATEGORIES.map((c) => (
              <TabsContent key={c.id} value={c.id} className="pt-2">
                <div
                  ref={c.id === category ? firstGrid : undefined}
                  role="group"
                  aria-label={c.label}
                  className="grid gap-1"
                  style={{ gridTemplateColumns: `repeat(${EMOJI_PICKER_PER_ROW}, minmax(0, 1fr))` }}
                  onKeyDown={moveFocus}
                >
                  {c.emoji.map((emoji) => (
                    <button
                      key={emoji}
                      type="button"
                      aria-label={emoji}
                      className="flex aspect-square items-center justify-center rounded text-xl hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                      onClick={() => {
                        onPick(emoji);
                        setOpen(false);
                      }}
                    >
                      {emoji}
                    </button>
                  ))}
                </div>
              </TabsContent>
            ))}
          </Tabs>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
