import { Trash2 } from 'lucide-react';
import { ConfirmButton } from './confirm-button';

/** Delete behind a confirmation dialog. */
export function ConfirmDeleteButton({
  itemName,
  title,
  description,
  onConfirm,
}: {
  itemName: string;
  title: string;
  description: string;
  onConfirm(): Promise<void>;
}) {
  return (
    <ConfirmButton
      trigger={
        <>
          <Trash2 className="h-4 w-4" aria-hidden /> Delete
        </>
      }
      triggerLabel={`Delete ${itemName}`}
      title={title}
      description={description}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      onConfirm={onConfirm}
    />
  );
}
