import { Ban } from 'lucide-react';
import { useState } from 'react';
import { BLOCK_MESSAGES, blockName } from '../../../domain/blocks';
import { Button } from '../../ui/button';
import { useBlockedIds, useBlockMutations, type BlockTarget } from './api';
import { BlockDialog } from './block-dialog';

/**
 * Block (behind a confirmation) or Unblock, for a member the viewer sees (a profile, a conversation's header). Whether
 * they are blocked comes from the viewer's own blocks, kept current by the answers and the live channel.
 */
export function BlockButton({
  target,
  label = 'shown',
}: {
  target: BlockTarget;
  /** Beside the icon: always, from a tablet's width up (a phone's crowded header), or never (a members list row). */
  label?: 'shown' | 'wide' | 'hidden';
}) {
  const blocked = useBlockedIds().has(target.id);
  const mutations = useBlockMutations();
  const [confirming, setConfirming] = useState(false);
  const name = blockName(target);
  if (blocked) {
    return (
      <Button
        variant="outline"
        size={label === 'hidden' ? 'icon' : 'sm'}
        className={label === 'hidden' ? 'h-8 w-8 shrink-0' : undefined}
        aria-label={BLOCK_MESSAGES.unblockMember(name)}
        disabled={mutations.unblock.isPending}
        onClick={() => mutations.unblock.mutate({ userId: target.id })}
      >
        <Ban className="h-4 w-4" aria-hidden /> <Label text={BLOCK_MESSAGES.unblock} label={label} />
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="outline"
        size={label === 'hidden' ? 'icon' : 'sm'}
        className={label === 'hidden' ? 'h-8 w-8 shrink-0' : undefined}
        aria-label={BLOCK_MESSAGES.blockMember(name)}
        onClick={() => setConfirming(true)}
      >
        <Ban className="h-4 w-4" aria-hidden /> <Label text={BLOCK_MESSAGES.block} label={label} />
      </Button>
      <BlockDialog target={target} open={confirming} onOpenChange={setConfirming} mutations={mutations} />
    </>
  );
}

/** Where the icon stands alone, the button's accessible name still says it all. */
function Label({ text, label }: { text: string; label: 'shown' | 'wide' | 'hidden' }) {
  if (label === 'hidden') return null;
  return <span className={label === 'wide' ? 'hidden sm:inline' : undefined}>{text}</span>;
}
