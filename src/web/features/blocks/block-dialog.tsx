import { BLOCK_MESSAGES, blockName } from '../../../domain/blocks';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { Button } from '../../ui/button';
import { Dialog, DialogClose, DialogContent } from '../../ui/dialog';
import type { useBlockMutations, BlockTarget } from './api';

/**
 * "Block {name}?": what a block does, then Block or Cancel. Held open by its caller (a button, a menu entry); it
 * closes once the block is done, and stays open after a failure (the toast says why).
 */
export function BlockDialog({
  target,
  open,
  onOpenChange,
  mutations,
}: {
  target: BlockTarget;
  open: boolean;
  onOpenChange(open: boolean): void;
  mutations: ReturnType<typeof useBlockMutations>;
}) {
  const { block } = mutations;
  const name = blockName(target);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent title={BLOCK_MESSAGES.confirmTitle(name)} description={BLOCK_MESSAGES.confirmText}>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">{BLOCK_MESSAGES.cancel}</Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={block.isPending}
              onClick={() => void whenSucceeded(block.mutateAsync({ userId: target.id }), () => onOpenChange(false))}
            >
              {BLOCK_MESSAGES.block}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
