import { defineHandler } from '../../events/handlers';
import { notify } from './notify';
import { pollSubject } from './poll-subject';

/** A community poll about a member's service, or about the member: they hear it started. */
export const onPollCreated = defineHandler({
  name: 'notifications.poll-created',
  on: 'poll.created',
  async handle(ctx, event) {
    const about = await pollSubject(ctx.tx, event.poll);
    if (!about || about.recipientId === event.actorId) return;
    await notify(ctx, {
      recipientId: about.recipientId,
      kind: 'poll_started',
      subjectKey: event.pollId,
      payload: { path: '/polls', subject: about.subject, aboutYou: about.aboutYou },
    });
  },
});
