import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { REQUEST_MESSAGES, REQUEST_REDIRECT_MS } from '../../../domain/requests';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader } from '../../ui/card';
import { PageContainer, PageMessage } from '../../ui/page';
import { useSession } from '../accounts/api';
import { useCreateRequest } from './api';
import { EMPTY_REQUEST, RequestForm } from './request-form';

/** /request-service: post what you need; then the success card and, 2.5 s later, the highlighted request. */
export function RequestServicePage() {
  const { account } = useSession();
  const navigate = useNavigate();
  const create = useCreateRequest();
  const [createdId, setCreatedId] = useState<string | null>(null);

  useEffect(() => {
    if (!createdId) return;
    const timer = setTimeout(() => navigate(`/requests?highlight=${createdId}`), REQUEST_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [createdId, navigate]);

  if (!account) {
    return (
      <PageMessage>
        <Card className="w-full text-left">
          <CardHeader>
            <h1 className="text-2xl font-bold">Sign In Required</h1>
            <p className="text-sm text-muted-foreground">{REQUEST_MESSAGES.mustBeLoggedIn}</p>
          </CardHeader>
          <CardContent className="flex gap-2">
            <Button asChild>
              <Link to="/auth">Sign In</Link>
            </Button>
            <Button variant="outline" asChild>
              <Link to="/auth">Create Account</Link>
            </Button>
          </CardContent>
        </Card>
      </PageMessage>
    );
  }

  if (createdId) {
    return (
      <PageMessage>
        <Card role="status" className="w-full">
          <CardContent className="flex flex-col items-center gap-3 pt-6 text-center">
            <CheckCircle2 className="h-12 w-12 text-green-600" aria-hidden />
            <h1 className="text-2xl font-bold">{REQUEST_MESSAGES.submitted}</h1>
            <p className="text-muted-foreground">Taking you to your request...</p>
          </CardContent>
        </Card>
      </PageMessage>
    );
  }

  return (
    <PageContainer width="narrow">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">Request a Service</h1>
          <p className="text-sm text-muted-foreground">
            Describe what you need; providers will find it under Service Requests.
          </p>
        </CardHeader>
        <CardContent>
          <RequestForm
            initial={EMPTY_REQUEST}
            submitLabel="Submit Request"
            onSubmit={(values) => whenSucceeded(create.mutateAsync(values), ({ id }) => setCreatedId(id))}
          />
        </CardContent>
      </Card>
    </PageContainer>
  );
}
