import { useState, type ReactNode } from 'react';
import { BLOCK_MESSAGES } from '../../../domain/blocks';

/**
 * A run of messages from members the viewer blocked, folded into one line: "n messages from a blocked member",
 * and a click shows them (and hides them again).
 */
export function FoldedMessages({ count, children }: { count: number; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  return (
    <>
      <li className="my-1 flex items-center justify-center gap-2 text-xs text-muted-foreground" data-testid="folded">
        <span>{BLOCK_MESSAGES.folded(count)}</span>
        <button
          type="button"
          className="rounded-sm underline underline-offset-2 hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-expanded={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? BLOCK_MESSAGES.hideFolded : BLOCK_MESSAGES.showFolded}
        </button>
      </li>
      {shown && children}
    </>
  );
}
