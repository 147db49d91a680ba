import { PlannedPage } from '../../app/planned-page';

/** /feedback (issue 15 item 1): being built. */
export function FeedbackPage() {
  return <PlannedPage title="Feedback" description="Send feedback to the team and follow up on it." />;
}
