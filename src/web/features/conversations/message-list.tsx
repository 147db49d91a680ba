import { EyeOff } from 'lucide-react';
import { Fragment } from 'react';
import { CONTACT_DETAILS_MESSAGES } from '../../../domain/contact-details';
import { messageBody, noticeText, noticeTone } from '../../../domain/messages';
import { sameGroup } from '../../../domain/negotiation';
import { cn } from '../../lib/cn';
import { ChatScroller, type EarlierMessages } from '../../lib/chat/chat-scroller';
import type { LaterMessages } from '../../lib/chat/use-message-in-place';
import { JumpToNewMessages, NewMessagesDivider } from '../../lib/chat/new-messages';
import { clockTime, dayKey, dayLabel } from '../../lib/dates';
import type { ChatMessage } from './api';
import { ReportButton } from '../member-reports/report-dialog';

/**
 * Bubbles grouped by sender within 5 minutes; notices (by their kind, never by their text) centred; a day label above
 * each day's first message; newest at the bottom, in the chat kit's scroller (it stays at the newest message, with a
 * jump back down for a reader of history).
 */
export function MessageList({
  messages,
  ownId,
  otherName,
  earlier,
  later,
  focusId,
  firstUnreadId,
}: {
  messages: ChatMessage[];
  ownId: string;
  otherName: string;
  earlier?: EarlierMessages | null;
  later?: LaterMessages | null;
  focusId?: string | null;
  /** Where the "New messages" divider goes (the first unread when the conversation opened). */
  firstUnreadId?: string | null;
}) {
  const last = messages.at(-1);
  return (
    <ChatScroller
      lastId={last?.id}
      lastIsOwn={last?.senderId === ownId}
      firstId={messages[0]?.id}
      earlier={earlier}
      later={later}
      focusId={focusId}
      listLabel="Messages"
      listClassName="gap-1 px-4 py-4"
      overlay={
        <JumpToNewMessages
          firstUnreadId={firstUnreadId}
          present={messages.some((m) => m.id === firstUnreadId)}
          earlier={earlier}
        />
      }
    >
      {messages.map((m, i) => {
        const newDay = i === 0 || dayKey(messages[i - 1]!.createdAt) !== dayKey(m.createdAt);
        return (
          <Fragment key={m.id}>
            {newDay && (
              <li className="my-3 flex justify-center">
                <span className="text-xs font-medium text-muted-foreground">{dayLabel(m.createdAt)}</span>
              </li>
            )}
            {m.id === firstUnreadId && <NewMessagesDivider />}
            <MessageItem
              message={m}
              previous={newDay ? undefined : messages[i - 1]}
              own={m.senderId === ownId}
              otherName={otherName}
            />
          </Fragment>
        );
      })}
    </ChatScroller>
  );
}

function MessageItem({
  message: m,
  previous,
  own,
  otherName,
}: {
  message: ChatMessage;
  previous: ChatMessage | undefined;
  own: boolean;
  otherName: string;
}) {
  const body = messageBody(m);
  if (!body) return null;
  if (body.kind !== 'text') {
    const tone = noticeTone(body);
    return (
      <li className="my-2 flex justify-center" data-testid="notice" data-message-id={m.id}>
        <span
          className={cn(
            'rounded-full border px-3 py-1 text-center text-xs',
            tone === 'agreed' && 'border-green-600 text-green-700 dark:text-green-400',
            tone === 'refused' && 'border-destructive text-destructive',
            tone === 'proposed' && 'border-primary text-primary',
          )}
        >
          {noticeText(body)} · {clockTime(m.createdAt)}
        </span>
      </li>
    );
  }
  const grouped = previous !== undefined && previous.kind === 'text' && sameGroup(previous, m);
  return (
    <li className={cn('flex flex-col', own ? 'items-end' : 'items-start', !grouped && 'mt-3')} data-message-id={m.id}>
      {!grouped && (
        <span className="mb-1 text-xs text-muted-foreground">
          {own ? 'You' : otherName} · {clockTime(m.createdAt)}
        </span>
      )}
      <p
        className={cn(
          'max-w-[80%] rounded-2xl px-3 py-2 text-sm whitespace-pre-wrap break-words',
          own ? 'bg-primary text-primary-foreground' : 'bg-muted',
        )}
      >
        {body.text}
      </p>
      {!own && <ReportButton targetKind="direct_message" targetId={m.id} iconOnly />}
      {own && m.detailsHidden && <DetailsHiddenNote />}
    </li>
  );
}

/** Under the sender's own message: the other side reads it with its contact details hidden. */
function DetailsHiddenNote() {
  return (
    <span className="mt-1 flex items-center gap-1 text-xs text-muted-foreground">
      <EyeOff className="h-3 w-3" aria-hidden />
      {CONTACT_DETAILS_MESSAGES.hiddenNote}
    </span>
  );
}
