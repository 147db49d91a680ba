import { feedbackStatus } from '../../../domain/feedback';
import { Badge } from '../../ui/badge';

/** Pending until resolved, then Resolved (spec 2 section 4). */
export function FeedbackStatusBadge({ resolvedAt }: { resolvedAt: string | null }) {
  const status = feedbackStatus({ resolvedAt });
  return <Badge variant={status === 'Resolved' ? 'success' : 'warning'}>{status}</Badge>;
}
