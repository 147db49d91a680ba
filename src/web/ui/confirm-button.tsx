import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from './dialog';

interface ConfirmTexts {
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel: string;
}

/** An action behind a confirmation dialog; the dialog stays open (and says so) while the action runs. */
export function ConfirmButton({
  trigger,
  triggerLabel,
  onConfirm,
  ...texts
}: ConfirmTexts & {
  trigger: ReactNode;
  /** The accessible name of the trigger, when its text alone is ambiguous. */
  triggerLabel?: string;
  onConfirm(): Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      {...texts}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm" aria-label={triggerLabel}>
          {trigger}
        </Button>
      }
      onConfirm={async () => {
        await onConfirm();
        setOpen(false);
      }}
    />
  );
}

/**
 * The confirmation itself, for a caller that holds whether it is open and brings its own trigger (an icon among a
 * message's actions). The caller closes it when the action is done, so it decides whether a failure keeps it open.
 * Escape and Cancel close it; while `onConfirm` runs the confirm button says `busyLabel` and cannot be pressed twice.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  onConfirm,
  title,
  description,
  confirmLabel,
  busyLabel,
}: ConfirmTexts & {
  open: boolean;
  onOpenChange(open: boolean): void;
  /**
   * The button that opens it, whatever it looks like (it must pass on the props and ref it is given): Radix gives
   * focus back to it on close. Required: a dialog opened by anything else leaves focus on the page's body.
   */
  trigger: ReactNode;
  onConfirm(): Promise<unknown>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title={title} description={description}>
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onConfirm();
              } finally {
                setBusy(false);
              }
            }}
          >
            {busy ? busyLabel : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
