import { Check } from 'lucide-react';
import { formatPrice } from '../../../domain/money';
import { cn } from '../../lib/cn';
import type { ConversationDetails } from './api';

/** The Service Progress Tracker: each step of a conversation, done or not yet. */
export function ProgressSteps({
  conversation: c,
  dense = false,
}: {
  conversation: Pick<ConversationDetails, 'state' | 'reviewed'>;
  /** Smaller, for the chat's side panel and summary. */
  dense?: boolean;
}) {
  const agreed = c.state.finalPriceCents;
  const steps = [
    { label: 'Service requested', done: true },
    {
      label: 'Price agreed',
      done: agreed !== null,
      detail: agreed !== null ? formatPrice(agreed, c.state.finalPricingType ?? 'fixed') : null,
    },
    { label: 'Paid', done: c.state.paymentCompleted },
    { label: 'In progress', done: c.state.serviceStarted },
    { label: 'Completed', done: c.state.serviceCompleted },
    { label: 'Reviewed', done: c.reviewed },
  ];
  return (
    <ol className={cn('flex flex-col', dense ? 'gap-1.5 text-sm' : 'gap-3')} aria-label="Service Progress Tracker">
      {steps.map((s) => (
        <li key={s.label} className="flex items-center gap-3">
          <span
            className={cn(
              'flex shrink-0 items-center justify-center rounded-full border',
              dense ? 'h-5 w-5' : 'h-8 w-8',
              s.done ? 'border-green-600 bg-green-600 text-white' : 'text-muted-foreground',
            )}
          >
            {s.done ? <Check className={dense ? 'h-3 w-3' : 'h-4 w-4'} aria-hidden /> : null}
          </span>
          <span className={s.done ? 'font-medium' : 'text-muted-foreground'}>
            {s.label}
            {s.detail ? `: ${s.detail}` : ''}
            <span className="sr-only">{s.done ? ' (done)' : ' (not yet)'}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
