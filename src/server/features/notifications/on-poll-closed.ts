import { defineHandler } from '../../events/handlers';
import { notify } from './notify';
import { pollSubject } from './poll-subject';

/** How a poll about a member's service, or about the member, came out. */
export const onPollClosed = defineHandler({
  name: 'notifications.poll-closed',
  on: 'poll.closed',
  async handle(ctx, event) {
    const about = await pollSubject(ctx.tx, event);
    if (!about) return;
    await notify(ctx, {
      recipientId: about.recipientId,
      kind: 'poll_outcome',
      subjectKey: event.pollId,
      payload: { path: '/polls', subject: about.subject, aboutYou: about.aboutYou, outcome: event.outcome },
    });
  },
});
