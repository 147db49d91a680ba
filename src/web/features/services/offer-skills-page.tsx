import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { SERVICE_MESSAGES } from '../../../domain/services';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { Card, CardContent, CardHeader } from '../../ui/card';
import { PageContainer } from '../../ui/page';
import { useSession } from '../accounts/api';
import { useCreateService } from './api';
import { ServiceForm, type ServiceFormValues } from './service-form';

const EMPTY: ServiceFormValues = {
  title: '',
  description: '',
  category_id: '',
  price: undefined,
  pricing_type: 'fixed',
  expertiseLevel: 'beginner',
  delivery_method: 'virtual',
  service_location: null,
  image_url: '',
};

/** /offer-skills: publish a service. Visitors are sent to sign in. */
export function OfferSkillsPage() {
  const { account } = useSession();
  const navigate = useNavigate();
  const create = useCreateService();

  useEffect(() => {
    if (account) return;
    toast.error(SERVICE_MESSAGES.mustBeLoggedIn, { id: 'offer-sign-in' });
    navigate(`/auth?mode=login&redirect=${encodeURIComponent('/offer-skills')}`, { replace: true });
  }, [account, navigate]);
  if (!account) return null;

  return (
    <PageContainer width="narrow">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">Offer a Service</h1>
          <p className="text-sm text-muted-foreground">
            Tell clients what you do, how you deliver it and what it costs.
          </p>
        </CardHeader>
        <CardContent>
          <ServiceForm
            mode="offer"
            initial={EMPTY}
            onSubmit={(values) =>
              whenSucceeded(create.mutateAsync(values), () => navigate('/my-services?tab=services'))
            }
          />
        </CardContent>
      </Card>
    </PageContainer>
  );
}
