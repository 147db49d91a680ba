import { Pencil, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { REQUEST_MESSAGES } from '../../../domain/requests';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { Button } from '../../ui/button';
import { ConfirmDeleteButton } from '../../ui/confirm-delete-button';
import { useDeleteRequest, useMyRequests } from './api';
import { RequestCard } from './request-card';
import { Badge } from '../../ui/badge';

export function MyRequestsTab() {
  const requests = useMyRequests();
  const remove = useDeleteRequest();
  if (requests.isPending) return <p role="status">Loading your requests...</p>;
  if (requests.isError) return <p role="alert">{REQUEST_MESSAGES.loadYoursFailed}</p>;
  if (requests.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 py-12 text-center">
        <p className="text-muted-foreground">You haven&apos;t created any service requests yet</p>
        <Button asChild>
          <Link to="/request-service">
            <Plus className="h-4 w-4" aria-hidden /> Request a Service
          </Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {requests.data.map((r) => (
        <li key={r.id}>
          <RequestCard
            request={r}
            actions={
              <div className="flex flex-wrap items-center gap-2 pt-2">
                <Badge variant={r.offerCount > 0 ? 'success' : 'outline'}>
                  {r.offerCount} offer{r.offerCount === 1 ? '' : 's'}
                </Badge>
                <Button variant="outline" size="sm" asChild>
                  <Link to={`/edit-request/${r.id}`} aria-label={`Edit ${r.title}`}>
                    <Pencil className="h-4 w-4" aria-hidden /> Edit
                  </Link>
                </Button>
                <ConfirmDeleteButton
                  itemName={r.title}
                  title="Delete request?"
                  description={`"${r.title}" will be removed for good.`}
                  onConfirm={() => whenSucceeded(remove.mutateAsync({ id: r.id }))}
                />
              </div>
            }
          />
        </li>
      ))}
    </ul>
  );
}
