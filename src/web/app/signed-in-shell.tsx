import { useSessionEvents } from '../features/accounts/api';
import { useBlockEvents } from '../features/blocks/api';
import { usePresenceEvents, usePresenceHeartbeat } from '../features/presence/api';
import { useOwnProfileEvents } from '../features/profiles/api';
import { ProgressionLive } from '../features/progression/progression-live';
import { SideMenu } from './side-menu';
import type { CurrentAccount } from './types';

/**
 * What only a signed-in user has: the side menu, their live channels, presence heartbeat and celebrations. Loaded
 * as its own chunk once the session says someone is signed in, so a visitor's first page never downloads it.
 */
export function SignedInShell({
  account,
  menuOpen,
  narrow,
  onCloseMenu,
}: {
  account: CurrentAccount;
  menuOpen: boolean;
  narrow: boolean;
  onCloseMenu(): void;
}) {
  useSessionEvents(true);
  useOwnProfileEvents(true);
  useBlockEvents(true);
  usePresenceHeartbeat(account.id);
  usePresenceEvents();
  return (
    <>
      <SideMenu account={account} open={menuOpen} narrow={narrow} onClose={onCloseMenu} />
      {/* Keyed by user: another user signing in in this tab gets their own check-in, channel and queue. */}
      <ProgressionLive key={account.id} userId={account.id} />
    </>
  );
}
