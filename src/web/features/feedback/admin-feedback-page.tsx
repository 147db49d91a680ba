import { PlannedPage } from '../../app/planned-page';

/** /admin-feedback (issue 15 item 7): being built. */
export function AdminFeedbackPage() {
  return <PlannedPage title="Feedback Management" description="Answer and resolve user feedback." />;
}
