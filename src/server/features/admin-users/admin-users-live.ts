import { defineLiveListener, type AnyLiveListener } from '../../events/handlers';
import { adminUsersChannels } from './admin-users.channels';
import type { EventBus } from '../../realtime/event-bus';

/**
 * Admin users' live listeners: committed account events onto the admins' channel, as ids only (each admin's stream
 * reads the row it shows; watch-admin-users.ts). A sign-in changes the Last sign-in column.
 */
export function adminUsersLiveListeners(bus: EventBus): AnyLiveListener[] {
  const changed = ({ userId }: { userId: string }) =>
    void bus.publish(adminUsersChannels.adminUsers, { type: 'user-changed', userId });
  return [
    defineLiveListener({ on: 'user.signed-up', publish: changed }),
    defineLiveListener({ on: 'user.signed-in', publish: changed }),
    defineLiveListener({ on: 'user.suspended', publish: changed }),
    defineLiveListener({ on: 'user.unsuspended', publish: changed }),
    defineLiveListener({ on: 'user.role-changed', publish: changed }),
    defineLiveListener({
      on: 'user.deleted',
      publish: ({ userId }) => void bus.publish(adminUsersChannels.adminUsers, { type: 'user-removed', userId }),
    }),
  ];
}
