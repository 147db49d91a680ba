import { BadgeCheck, CircleAlert } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { SCHOOL_LIMITS, SCHOOL_TEXTS } from '../../../domain/schools';
import { appCodeOf } from '../../lib/app-error';
import { Button } from '../../ui/button';
import { PageMessage } from '../../ui/page';
import { useSession } from '../accounts/api';
import { useVerifySchoolEmail } from './api';

/** What a refusal of the link means, by its code: the texts of src/domain/schools.ts. */
function refusalText(error: unknown): string | null {
  const code = appCodeOf(error);
  if (code === 'NOT_FOUND') return SCHOOL_TEXTS.linkInvalid;
  if (code === 'CONFLICT') {
    return error instanceof Error && error.message === SCHOOL_TEXTS.addressTaken
      ? SCHOOL_TEXTS.addressTaken
      : SCHOOL_TEXTS.linkExpired;
  }
  return null;
}

/**
 * /verify-school?token=...: the emailed link. It confirms the address on a click, signed in or out (the token is the
 * proof), and says what happened. Not as it opens: mail scanners open links, and one that runs the page must not
 * confirm an address for whoever asked.
 */
export function VerifySchoolPage() {
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  const usable = token.length > 0 && token.length <= SCHOOL_LIMITS.tokenMax;
  const verify = useVerifySchoolEmail();
  const { account } = useSession();

  const next = account ? (
    <Button asChild variant="outline">
      <Link to={verify.isSuccess ? `/profile/${account.id}` : '/settings'}>
        {verify.isSuccess ? 'View your profile' : 'Go to Settings'}
      </Link>
    </Button>
  ) : (
    <Button asChild variant="outline">
      <Link to="/auth">Sign in</Link>
    </Button>
  );

  return (
    <PageMessage>
      <h1 className="text-2xl font-bold">{SCHOOL_TEXTS.verifyTitle}</h1>
      {!usable ? (
        <Outcome ok={false} text={SCHOOL_TEXTS.linkMissing} />
      ) : verify.isSuccess ? (
        <Outcome ok text={SCHOOL_TEXTS.verifiedPage(verify.data.schoolName)} />
      ) : verify.isError ? (
        refusalText(verify.error) ? (
          <Outcome ok={false} text={refusalText(verify.error)!} />
        ) : (
          <>
            <Outcome ok={false} text="We could not reach the server. Please try again." />
            <Button onClick={() => verify.mutate({ token })}>Try Again</Button>
          </>
        )
      ) : verify.isPending ? (
        <p role="status" className="text-muted-foreground">
          {SCHOOL_TEXTS.verifying}
        </p>
      ) : (
        <Button onClick={() => verify.mutate({ token })}>{SCHOOL_TEXTS.confirm}</Button>
      )}
      {(verify.isSuccess || verify.isError || !usable) && next}
    </PageMessage>
  );
}

function Outcome({ ok, text }: { ok: boolean; text: string }) {
  const Icon = ok ? BadgeCheck : CircleAlert;
  return (
    <p role={ok ? 'status' : 'alert'} className="flex items-start gap-2 text-left">
      <Icon className={ok ? 'h-5 w-5 shrink-0 text-green-700' : 'h-5 w-5 shrink-0 text-destructive'} aria-hidden />
      <span>{text}</span>
    </p>
  );
}
