import { Link, Navigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../../domain/redirect';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '../../ui/card';
import { PageContainer } from '../../ui/page';
import { useSession } from './api';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

/** /auth: mode=signup selects sign-up, anything else sign-in; a signed-in visitor goes on to the redirect or /. */
export function AuthPage() {
  const [params] = useSearchParams();
  const { account } = useSession();
  const isSignUp = params.get('mode') === 'signup';
  const redirect = params.get('redirect');

  if (account) return <Navigate to={safeRedirectPath(redirect)} replace />;

  const otherMode = new URLSearchParams(params);
  otherMode.set('mode', isSignUp ? 'login' : 'signup');

  return (
    <PageContainer>
      <Card className="mx-auto w-full max-w-lg">
        <CardHeader>
          <h1 className="text-xl leading-tight font-semibold">{isSignUp ? 'Create an account' : 'Sign in'}</h1>
          <CardDescription>
            {isSignUp
              ? 'Offer your skills, hire other students and earn XP as you go.'
              : 'Welcome back! Sign in to continue.'}
          </CardDescription>
        </CardHeader>
        <CardContent>{isSignUp ? <SignUpForm /> : <SignInForm />}</CardContent>
        <CardFooter className="justify-center text-sm">
          {isSignUp ? 'Already have an account?' : "Don't have an account?"}
          <Link
            to={`/auth?${otherMode.toString()}`}
            className="ml-1 font-medium text-primary underline-offset-4 hover:underline"
          >
            {isSignUp ? 'Sign in' : 'Sign up'}
          </Link>
        </CardFooter>
      </Card>
    </PageContainer>
  );
}
