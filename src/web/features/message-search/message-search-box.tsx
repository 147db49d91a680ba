import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  MESSAGE_SEARCH_LIMITS,
  MESSAGE_SEARCH_TEXTS,
  resultOrigin,
  snippetParts,
  type MessageSearchScope,
  type Snippet,
} from '../../../domain/message-search';
import { appCodeOf } from '../../lib/app-error';
import { listTime } from '../../lib/dates';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { useSession } from '../accounts/api';
import { useMessageSearch } from './api';

/** Where a result opens: its chat, at the message (the chat kit's in-place opening). */
function pathOf(place: { type: 'conversation' | 'room'; id: string }, messageId: string) {
  const chat = place.type === 'conversation' ? `/chat/${place.id}` : `/chat-rooms/${place.id}`;
  return `${chat}?message=${encodeURIComponent(messageId)}`;
}

/** The snippet as text with the matched words in `<mark>`: ranges from the server, never its HTML. */
function Highlighted({ snippet }: { snippet: Snippet }) {
  return (
    <>
      {snippetParts(snippet).map((part, i) =>
        part.marked ? (
          <mark key={i} className="rounded-sm bg-yellow-200 px-0.5 text-foreground dark:bg-yellow-700/60">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

function ResultOrigin({ result, myId }: { result: Parameters<typeof resultOrigin>[0]; myId: string | undefined }) {
  const { sender, joiner, place } = resultOrigin(result, myId);
  return (
    <span className="truncate">
      {sender && joiner && (
        <>
          <span className="font-medium text-foreground">{sender}</span> {joiner}{' '}
        </>
      )}
      <span className="font-medium text-foreground">{place}</span>
    </span>
  );
}

/**
 * A search box over the messages the member may read (`scope`: all of them, or one room), with its results below:
 * debounced, each result a link to the message in its chat; ArrowDown and ArrowUp move between the box and the
 * results, Escape clears.
 */
export function MessageSearchBox({
  scope,
  label = MESSAGE_SEARCH_TEXTS.label,
  placeholder = MESSAGE_SEARCH_TEXTS.placeholder,
}: {
  scope: MessageSearchScope;
  label?: string;
  placeholder?: string;
}) {
  const id = useId();
  const { account } = useSession();
  const [typed, setTyped] = useState('');
  const { search, valid } = useMessageSearch(typed, scope);
  const list = useRef<HTMLUListElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const trimmed = typed.trim();
  const results = search.data?.pages.flatMap((p) => p.results) ?? [];

  const links = () => [...(list.current?.querySelectorAll<HTMLAnchorElement>('a[data-result]') ?? [])];
  const move = (event: KeyboardEvent, step: 1 | -1) => {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    const next = at + step;
    event.preventDefault();
    if (next < 0) input.current?.focus();
    else all[Math.min(next, all.length - 1)]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') move(event, 1);
    if (event.key === 'ArrowUp') move(event, -1);
    if (event.key === 'Escape') {
      setTyped('');
      input.current?.focus();
    }
  };

  let state: ReactNode = null;
  if (trimmed.length > 0 && trimmed.length < MESSAGE_SEARCH_LIMITS.queryMin) {
    state = <p className="text-sm text-muted-foreground">{MESSAGE_SEARCH_TEXTS.tooShort}</p>;
  } else if (trimmed.length > MESSAGE_SEARCH_LIMITS.queryMax) {
    state = <p className="text-sm text-destructive">{MESSAGE_SEARCH_TEXTS.tooLong}</p>;
  } else if (valid && search.isError) {
    state = (
      <p role="alert" className="text-sm text-destructive">
        {appCodeOf(search.error) === 'RATE_LIMITED' ? MESSAGE_SEARCH_TEXTS.rateLimited : MESSAGE_SEARCH_TEXTS.failed}
      </p>
    );
  } else if (valid && search.isPending) {
    state = (
      <p role="status" className="text-sm text-muted-foreground">
        {MESSAGE_SEARCH_TEXTS.searching}
      </p>
    );
  } else if (valid && search.isSuccess && results.length === 0) {
    state = (
      <p role="status" className="text-sm text-muted-foreground">
        {MESSAGE_SEARCH_TEXTS.noResults}
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-2" onKeyDown={onKeyDown}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        ref={input}
        type="search"
        value={typed}
        maxLength={MESSAGE_SEARCH_LIMITS.queryMax + 1}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(event) => setTyped(event.target.value)}
      />
      {state}
      {trimmed.length > 0 && valid && results.length > 0 && (
        <>
          <ul
            ref={list}
            aria-label={MESSAGE_SEARCH_TEXTS.results}
            className="flex max-h-96 flex-col divide-y overflow-y-auto rounded-xl border"
          >
            {results.map((r) => (
              <li key={r.messageId}>
                <Link
                  to={pathOf(r.place, r.messageId)}
                  data-result
                  className="flex flex-col gap-1 p-3 hover:bg-muted/50 focus-visible:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
                >
                  <span className="flex items-baseline justify-between gap-2 text-xs text-muted-foreground">
                    <ResultOrigin result={r} myId={account?.id} />
                    <time dateTime={r.sentAt} className="shrink-0">
                      {listTime(r.sentAt)}
                    </time>
                  </span>
                  <span className="text-sm break-words" data-testid="search-snippet">
                    <Highlighted snippet={r.snippet} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {search.hasNextPage && (
            <Button
              variant="outline"
              size="sm"
              className="self-center"
              disabled={search.isFetchingNextPage}
              onClick={() => void search.fetchNextPage()}
            >
              {search.isFetchingNextPage ? 'Loading...' : MESSAGE_SEARCH_TEXTS.loadMore}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
