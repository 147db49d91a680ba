import { useState, type ReactNode } from 'react';
import { BLOCK_MESSAGES } from '../../../domain/blocks';
import { appCodeOf } from '../../lib/app-error';
import { useBlockedIds } from './api';

/**
 * A conversation's composer, or why there is none: the viewer blocked the other party (they are told, and how to
 * write again), or a send was refused because the other party blocked them (a neutral text, never why).
 */
export function BlockAwareComposer<Args extends unknown[]>({
  otherId,
  send,
  children,
}: {
  otherId: string;
  send(...args: Args): Promise<unknown>;
  children(send: (...args: Args) => Promise<unknown>): ReactNode;
}) {
  const blockedByMe = useBlockedIds().has(otherId);
  const [refused, setRefused] = useState(false);
  if (blockedByMe) return <ComposerNotice text={BLOCK_MESSAGES.youBlocked} />;
  if (refused) return <ComposerNotice text={BLOCK_MESSAGES.cannotSend} />;
  return children((...args: Args) =>
    send(...args).catch((error: unknown) => {
      if (appCodeOf(error) === 'BLOCKED_CONVERSATION') setRefused(true);
      throw error;
    }),
  );
}

function ComposerNotice({ text }: { text: string }) {
  return (
    <p role="status" className="border-t p-4 text-center text-sm text-muted-foreground" data-testid="composer-notice">
      {text}
    </p>
  );
}
