import { useState } from 'react';
import { MESSAGE_MAX } from '../../../domain/negotiation';
import { ChatComposer, useChatDraft } from '../../lib/chat/chat-composer';
import { useMyMute } from '../member-reports/api';
import { MutedNotice } from '../member-reports/report-dialog';
import { DetailsConfirmDialog, needsDetailsConfirmation } from './details-confirm-dialog';

/** Spec 2: the composer grows with its text up to 120 px. */
const MAX_HEIGHT_PX = 120;

/**
 * The conversation's composer, the chat kit's: Enter sends, Shift+Enter adds a line, the box grows up to 120 px, and
 * Send waits for text. What was typed stays in the box until the server has it, so a failed send loses nothing; a
 * message the server holds back for its contact details asks the sender to send it anyway or edit it.
 */
export function Composer({
  onSend,
  disabled,
}: {
  onSend(text: string, confirmDetails: boolean): Promise<unknown>;
  disabled?: boolean;
}) {
  const draft = useChatDraft(MAX_HEIGHT_PX);
  const mute = useMyMute();
  /** The words the server asked about; the box keeps them too. */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const post = (text: string, confirmDetails: boolean) =>
    onSend(text, confirmDetails).then(
      () => true,
      (error: unknown) => {
        if (needsDetailsConfirmation(error)) {
          setUnconfirmed(text);
          return false;
        }
        // As specified, a failed plain message is only logged; the text stays for another try.
        console.error('Failed to send message', error);
        mute.recheck(error);
        return false;
      },
    );
  return (
    <>
      <ChatComposer
        above={mute.until && <MutedNotice until={mute.until} />}
        draft={draft}
        label="Message"
        placeholder="Type a message..."
        maxLength={MESSAGE_MAX}
        disabled={disabled || mute.until !== null}
        onSend={(text) => post(text, false)}
      />
      <DetailsConfirmDialog
        open={unconfirmed !== null}
        box={draft.box}
        onEdit={() => setUnconfirmed(null)}
        onSendAnyway={() => {
          const text = unconfirmed;
          setUnconfirmed(null);
          if (text !== null) void draft.send(() => post(text, true));
        }}
      />
    </>
  );
}
