import { useId, useState, type KeyboardEvent } from 'react';
import {
  CHAT_ESSENTIALS_TEXTS,
  MENTIONS_MAX,
  matchMembers,
  mentionQueryAt,
  mentionText,
} from '../../../domain/chat-essentials';
import { displayName } from '../../../domain/user-summary';
import type { ChatDraft } from '../../lib/chat/chat-composer';
import { cn } from '../../lib/cn';
import { useSession } from '../accounts/api';
import { useRoomMembers, type RoomMember } from './api-rooms';

/**
 * The room composer's `@`: typing `@` at the start of a word opens the room's members, filtered as one types; arrows
 * move, Enter or Tab inserts "@First Last", Escape closes; a tap picks. The members picked are sent as typed
 * references with the message (those whose "@First Last" is still in the words), never read back from the text.
 */
export function useMentionAutocomplete(roomId: string, draft: ChatDraft) {
  const { account } = useSession();
  const [query, setQuery] = useState<{ start: number; query: string } | null>(null);
  // Read once an `@` is typed, not with the composer: the members panel and invite dialog read theirs when opened.
  const members = useRoomMembers(roomId, query !== null).data;
  const [active, setActive] = useState(0);
  const [picked, setPicked] = useState<RoomMember[]>([]);
  const id = useId();
  const listId = `${id}-mentions`;
  const labelId = `${id}-mentions-label`;
  const others = (members ?? []).filter((m) => m.userId !== account?.id);
  const options = query ? matchMembers(others, query.query) : [];
  const open = query !== null;
  const optionId = (i: number) => `${listId}-${i}`;

  function update(text: string) {
    const caret = draft.box.current?.selectionStart ?? text.length;
    setQuery(mentionQueryAt(text, caret));
    setActive(0);
  }

  function pick(member: RoomMember) {
    if (!query) return;
    const end = query.start + 1 + query.query.length;
    const insert = `${mentionText(member)} `;
    const next = draft.text.slice(0, query.start) + insert + draft.text.slice(end);
    const caret = query.start + insert.length;
    draft.setText(next);
    setPicked((known) => [...known.filter((m) => m.userId !== member.userId), member]);
    setQuery(null);
    requestAnimationFrame(() => {
      const box = draft.box.current;
      box?.focus();
      box?.setSelectionRange(caret, caret);
      draft.grow();
    });
  }

  function keyDown(e: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!open) return false;
    if (e.key === 'Escape') {
      setQuery(null);
      return true;
    }
    if (options.length === 0) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
      return true;
    }
    if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Tab') {
      pick(options[active] ?? options[0]!);
      return true;
    }
    return false;
  }

  /** The members picked whose mention is still in the words, as the message's typed mentions. */
  const mentionIdsIn = (text: string) =>
    picked
      .filter((m) => text.includes(mentionText(m)))
      .map((m) => m.userId)
      .slice(0, MENTIONS_MAX);

  const popup = open ? (
    <div className="rounded-md border bg-background p-1 shadow-md" data-testid="mention-autocomplete">
      <p id={labelId} className="px-2 py-1 text-xs font-medium text-muted-foreground">
        {CHAT_ESSENTIALS_TEXTS.mentionLabel}
      </p>
      {options.length === 0 ? (
        <p className="px-2 py-1.5 text-sm text-muted-foreground" role="status">
          {CHAT_ESSENTIALS_TEXTS.mentionEmpty}
        </p>
      ) : (
        <ul id={listId} role="listbox" aria-labelledby={labelId} className="max-h-48 overflow-y-auto">
          {options.map((m, i) => (
            <li
              key={m.userId}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={cn(
                'cursor-pointer rounded-sm px-2 py-1.5 text-sm',
                i === active ? 'bg-muted font-medium' : 'hover:bg-muted',
              )}
              // Keeps the focus in the box, so typing goes on after a tap.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(m)}
            >
              {displayName(m)}
            </li>
          ))}
        </ul>
      )}
    </div>
  ) : null;

  return {
    update,
    keyDown,
    popup,
    mentionIdsIn,
    reset: () => {
      setPicked([]);
      setQuery(null);
    },
    close: () => setQuery(null),
    boxProps: {
      'aria-autocomplete': 'list' as const,
      'aria-controls': open && options.length > 0 ? listId : undefined,
      'aria-activedescendant': open && options.length > 0 ? optionId(active) : undefined,
    },
  };
}
