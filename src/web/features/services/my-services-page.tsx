import { Pencil, Plus } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SERVICE_MESSAGES } from '../../../domain/services';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { Button } from '../../ui/button';
import { ConfirmDeleteButton } from '../../ui/confirm-delete-button';
import { PageContainer } from '../../ui/page';
import { Tabs, TabsContent, TabsList } from '../../ui/tabs';
import { useSession } from '../accounts/api';
import { MyRequestsTab } from '../requests/my-requests-tab';
import { useDeleteService, useMyServices } from './api';
import { ServiceCard } from './service-card';

/** A passed community poll hid the service until an admin deletes or restores it. */
const HIDDEN_NOTE = 'Hidden after a community poll: an admin will review it';

const TABS = [
  { value: 'services', label: 'My Services' },
  { value: 'requests', label: 'My Requests' },
] as const;

/** /my-services?tab=services|requests: what the user offers and what they asked for. */
export function MyServicesPage() {
  const { account } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'requests' ? 'requests' : 'services';

  useEffect(() => {
    if (!account) navigate(`/auth?mode=login&redirect=${encodeURIComponent('/my-services')}`, { replace: true });
  }, [account, navigate]);
  if (!account) {
    return <h1 className="py-20 text-center text-xl font-semibold">You must be logged in to view this page</h1>;
  }

  return (
    <PageContainer>
      <h1 className="text-3xl font-bold">My Services and Requests</h1>
      <Tabs
        value={tab}
        onValueChange={(value) => setParams({ tab: value }, { replace: true })}
        className="flex flex-col gap-6"
      >
        <TabsList label="My Services and Requests" tabs={TABS} />
        {/* Screen-reader users jump by headings: the cards' h3 titles sit under these. */}
        <TabsContent value="services">
          <h2 className="sr-only">My Services</h2>
          <MyServicesTab />
        </TabsContent>
        <TabsContent value="requests">
          <h2 className="sr-only">My Requests</h2>
          <MyRequestsTab />
        </TabsContent>
      </Tabs>
    </PageContainer>
  );
}

function MyServicesTab() {
  const services = useMyServices(true);
  const remove = useDeleteService();
  if (services.isPending) return <p role="status">Loading your services...</p>;
  if (services.isError) return <p role="alert">{SERVICE_MESSAGES.loadYoursFailed}</p>;
  if (services.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 py-12 text-center">
        <p className="text-muted-foreground">You haven&apos;t created any services yet</p>
        <Button asChild>
          <Link to="/offer-skills">
            <Plus className="h-4 w-4" aria-hidden /> Offer a Service
          </Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {services.data.map((s) => (
        <li key={s.id} className="relative">
          <span className="absolute top-2 left-2 z-10 rounded bg-primary px-2 py-0.5 text-xs font-bold text-primary-foreground">
            SERVICE
          </span>
          <ServiceCard
            service={s}
            actions={
              <div className="flex flex-col gap-2">
                {s.hiddenAt && (
                  // Only the owner sees why their service left the listings (services.mine keeps hidden ones).
                  <p
                    role="note"
                    className="rounded-md border border-amber-500 bg-amber-500/10 p-2 text-sm text-foreground"
                  >
                    {HIDDEN_NOTE}
                  </p>
                )}
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" asChild>
                    <Link to={`/edit-service/${s.id}`} aria-label={`Edit ${s.title}`}>
                      <Pencil className="h-4 w-4" aria-hidden /> Edit
                    </Link>
                  </Button>
                  <ConfirmDeleteButton
                    itemName={s.title}
                    title="Delete service?"
                    description={`"${s.title}" will be removed for good.`}
                    onConfirm={() => whenSucceeded(remove.mutateAsync({ id: s.id }))}
                  />
                </div>
              </div>
            }
          />
        </li>
      ))}
    </ul>
  );
}
