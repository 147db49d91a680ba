import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from './dialog';

/** An action behind a confirmation dialog; the dialog stays open (and says so) while the action runs. */
export function ConfirmButton({
  trigger,
  triggerLabel,
  title,
  description,
  confirmLabel,
  busyLabel,
  onConfirm,
}: {
  trigger: ReactNode;
  /** The accessible name of the trigger, when its text alone is ambiguous. */
  triggerLabel?: string;
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel: string;
  onConfirm(): Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={triggerLabel}>
          {trigger}
        </Button>
      </DialogTrigger>
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
                setOpen(false);
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
