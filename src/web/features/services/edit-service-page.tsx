import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from '../../lib/toast';
import { fromCents } from '../../../domain/money';
import { SERVICE_MESSAGES } from '../../../domain/services';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { isNetworkError } from '../../lib/network-error';
import { Card, CardContent, CardHeader } from '../../ui/card';
import { PageContainer } from '../../ui/page';
import { useSession } from '../accounts/api';
import { useServiceToEdit, useUpdateService } from './api';
import { ServiceForm } from './service-form';
import { appCodeOf } from '../../lib/app-error';

/** /edit-service/{id}: only the owner edits; everyone else is sent on with the spec's messages. */
export function EditServicePage() {
  const { id = '' } = useParams();
  const { account } = useSession();
  const navigate = useNavigate();
  const service = useServiceToEdit(account ? id : '');
  const update = useUpdateService();
  const notOwner = service.data && account && service.data.userId !== account.id;

  useEffect(() => {
    if (!id) {
      toast.error(SERVICE_MESSAGES.idNotFound);
      navigate('/my-services', { replace: true });
    } else if (!account) {
      toast.error(SERVICE_MESSAGES.mustBeLoggedInToEdit);
      navigate(`/auth?mode=login&redirect=${encodeURIComponent(`/edit-service/${id}`)}`, { replace: true });
    } else if (service.isError) {
      toast.error(serviceLoadError(service.error));
      navigate('/my-services', { replace: true });
    } else if (notOwner) {
      toast.error('You can only edit your own services');
      navigate('/my-services', { replace: true });
    }
  }, [id, account, service.isError, service.error, notOwner, navigate]);

  if (!service.data || notOwner) {
    return (
      <p role="status" className="py-20 text-center text-muted-foreground">
        Loading service...
      </p>
    );
  }
  const s = service.data;
  return (
    <PageContainer width="narrow">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">Edit Service</h1>
        </CardHeader>
        <CardContent>
          <ServiceForm
            mode="edit"
            initial={{
              title: s.title,
              description: s.description,
              category_id: s.categoryId ?? '',
              price: fromCents(s.priceCents),
              pricing_type: s.pricingType,
              delivery_method: s.deliveryMethod,
              service_location: s.serviceLocation,
              image_url: s.imageUrl ?? '',
            }}
            onCancel={() => navigate('/my-services')}
            onSubmit={(values) =>
              whenSucceeded(
                update.mutateAsync({ id: s.id, fields: { ...values, category_id: values.category_id || null } }),
                () => navigate('/my-services'),
              )
            }
          />
        </CardContent>
      </Card>
    </PageContainer>
  );
}

/** Spec texts: a missing service, an answer that failed, or a call that never reached the server. */
function serviceLoadError(error: unknown) {
  if (appCodeOf(error) === 'SERVICE_NOT_FOUND') return SERVICE_MESSAGES.notFound;
  return isNetworkError(error) ? SERVICE_MESSAGES.loadUnexpected : SERVICE_MESSAGES.loadDetailsFailed;
}
