import { router } from '../../trpc';

/** The feedback centre (issue 15 item 1): members' feedback and the admins' answers. */
export const feedbackRouter = router({});
