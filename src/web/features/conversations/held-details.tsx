import { CONTACT_DETAILS_MESSAGES } from '../../../domain/contact-details';
import { LocalDate } from '../../ui/local-date';

type HeldMessage = {
  id: string;
  senderId: string;
  createdAt: string | Date;
  shownText: string | null;
  originalTextForModeration: string | null;
};

/** Admins only: the messages whose contact details were hidden from the parties, with what each had typed. */
export function HeldDetails({ messages }: { messages: readonly HeldMessage[] }) {
  if (messages.length === 0) return null;
  return (
    <section aria-labelledby="held-details" className="flex flex-col gap-2 rounded-lg border p-3 text-sm">
      <h2 id="held-details" className="font-medium">
        Hidden contact details
      </h2>
      <ul className="flex flex-col gap-3">
        {messages.map((m) => (
          <li key={m.id} className="flex flex-col gap-1">
            <span className="text-xs text-muted-foreground">
              <LocalDate at={m.createdAt} /> · {m.senderId}
            </span>
            <span>{m.shownText}</span>
            <span className="text-xs font-medium text-destructive">{CONTACT_DETAILS_MESSAGES.originalLabel}</span>
            <span className="rounded bg-muted px-2 py-1 whitespace-pre-wrap break-words">
              {m.originalTextForModeration}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
