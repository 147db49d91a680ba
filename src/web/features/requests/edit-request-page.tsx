import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from '../../lib/toast';
import { fromCents } from '../../../domain/money';
import { REQUEST_MESSAGES } from '../../../domain/requests';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { Card, CardContent, CardHeader } from '../../ui/card';
import { PageContainer } from '../../ui/page';
import { useSession } from '../accounts/api';
import { useRequest, useUpdateRequest } from './api';
import { RequestForm } from './request-form';

export function EditRequestPage() {
  const { id = '' } = useParams();
  const { account } = useSession();
  const navigate = useNavigate();
  const request = useRequest(account ? id : '');
  const update = useUpdateRequest();
  const notOwner = request.data && account && request.data.userId !== account.id;

  useEffect(() => {
    if (!account) navigate(`/auth?mode=login&redirect=${encodeURIComponent(`/edit-request/${id}`)}`, { replace: true });
    else if (request.isError || notOwner) {
      toast.error(REQUEST_MESSAGES.loadOneFailed);
      navigate('/my-services', { replace: true });
    }
  }, [account, id, request.isError, notOwner, navigate]);

  if (!request.data || notOwner)
    return (
      <p role="status" className="py-20 text-center text-muted-foreground">
        Loading request...
      </p>
    );
  const r = request.data;
  return (
    <PageContainer width="narrow">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">Edit Service Request</h1>
        </CardHeader>
        <CardContent>
          <RequestForm
            initial={{
              title: r.title,
              description: r.description,
              service_category_id: r.categoryId ?? '',
              pricing_type: r.pricingType,
              budget: r.budgetCents === null ? '' : String(fromCents(r.budgetCents)),
              image_url: r.imageUrl ?? '',
            }}
            submitLabel="Save Changes"
            onCancel={() => navigate('/my-services?tab=requests')}
            onSubmit={(values) =>
              whenSucceeded(update.mutateAsync({ id: r.id, fields: values }), () =>
                navigate('/my-services?tab=requests'),
              )
            }
          />
        </CardContent>
      </Card>
    </PageContainer>
  );
}
