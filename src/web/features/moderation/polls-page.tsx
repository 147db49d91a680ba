import { PlannedPage } from '../../app/planned-page';

/** /polls (issue 15 item 3): being built. */
export function PollsPage() {
  return <PlannedPage title="Community Polls" description="Vote on community moderation polls." />;
}
