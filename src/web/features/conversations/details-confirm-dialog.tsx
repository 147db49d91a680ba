import type { RefObject } from 'react';
import { CONTACT_DETAILS_MESSAGES } from '../../../domain/contact-details';
import { Button } from '../../ui/button';
import { Dialog, DialogContent } from '../../ui/dialog';

/** The server held a message back because it shares contact or payment details and the deal is not paid yet. */
export function needsDetailsConfirmation(error: unknown): boolean {
  return (error as { data?: { appCode?: string | null } | null })?.data?.appCode === 'CONTACT_DETAILS_UNCONFIRMED';
}

/**
 * "Keep deals and payments on SkillNest": send the message anyway, or go back to the box (its text untouched) to
 * edit it. Closing by Escape is editing too.
 */
export function DetailsConfirmDialog({
  open,
  onSendAnyway,
  onEdit,
  box,
}: {
  open: boolean;
  onSendAnyway(): void;
  onEdit(): void;
  /** The composer's box, where focus goes back to edit. */
  box: RefObject<HTMLTextAreaElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onEdit()}>
      <DialogContent
        title={CONTACT_DETAILS_MESSAGES.confirmTitle}
        description={CONTACT_DETAILS_MESSAGES.confirmBody}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          box.current?.focus();
        }}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onSendAnyway}>
            {CONTACT_DETAILS_MESSAGES.sendAnyway}
          </Button>
          <Button autoFocus onClick={onEdit}>
            {CONTACT_DETAILS_MESSAGES.edit}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
