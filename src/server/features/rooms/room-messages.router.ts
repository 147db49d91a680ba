import { router } from '../../trpc';

/** Chat room messages, threads, reactions, read receipts and typing (issue 13). */
export const roomMessagesRouter = router({});
