import { truncateFeedbackTitle } from '../../../domain/feedback';
import { Dialog, DialogContent, DialogTrigger } from '../../ui/dialog';

/**
 * A feedback title as lists show it: over 25 characters it is cut, and the cut title is a button that opens the
 * full title in a popup (keyboard: Tab to it, Enter to open, Escape to close).
 */
export function TruncatedTitle({ title, className }: { title: string; className?: string }) {
  const short = truncateFeedbackTitle(title);
  if (!short.truncated) return <span className={className}>{title}</span>;
  return (
    <Dialog>
      <DialogTrigger
        className={`text-left underline decoration-dotted underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ${className ?? ''}`}
        aria-label={`${short.text} (show full title)`}
      >
        {short.text}
      </DialogTrigger>
      <DialogContent title="Full title">
        <p className="break-words">{title}</p>
      </DialogContent>
    </Dialog>
  );
}
