import { GraduationCap } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { SCHOOL_TEXTS, schoolAddressSchema } from '../../../domain/schools';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmButton } from '../../ui/confirm-button';
import { TextField } from '../../ui/text-field';
import { VerifiedStudentMark } from '../schools/verified-marks';
import {
  useMySchoolEmail,
  useRemoveSchoolEmail,
  useResendSchoolLink,
  useSetSchoolEmail,
  type MySchoolEmail,
} from '../schools/api';

/**
 * Settings' "School email": the member gives their school address, confirms it from the emailed link, and their
 * profile and services show "Verified student · {school}". The address is shown here only, to its owner.
 */
export function SchoolSection() {
  const mine = useMySchoolEmail(true);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <GraduationCap className="h-5 w-5" aria-hidden />
          {SCHOOL_TEXTS.sectionTitle}
        </CardTitle>
        <CardDescription>{SCHOOL_TEXTS.sectionDescription}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4" data-testid="school-section">
        {mine.isPending ? (
          <p className="text-sm text-muted-foreground" role="status">
            Loading...
          </p>
        ) : mine.isError ? (
          <div className="flex items-center gap-3 text-sm">
            <span>Failed to load your school email.</span>
            <Button size="sm" variant="outline" onClick={() => void mine.refetch()}>
              Try Again
            </Button>
          </div>
        ) : (
          <>
            {mine.data && <CurrentAddress state={mine.data} />}
            {!mine.data?.verified && <AddressForm replacing={Boolean(mine.data)} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function CurrentAddress({ state }: { state: NonNullable<MySchoolEmail> }) {
  const resend = useResendSchoolLink();
  const remove = useRemoveSchoolEmail();
  return (
    <div className="flex flex-col gap-2">
      {state.verified ? (
        <>
          <VerifiedStudentMark school={state.schoolName} />
          <p className="text-sm">
            <span className="font-medium">{state.address}</span>{' '}
            <span className="text-muted-foreground">· {SCHOOL_TEXTS.addressPrivate}</span>
          </p>
        </>
      ) : (
        <p className="text-sm" role="status">
          {SCHOOL_TEXTS.pending(state.address)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {!state.verified && (
          <Button variant="outline" size="sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
            {resend.isPending ? 'Sending...' : SCHOOL_TEXTS.resend}
          </Button>
        )}
        <ConfirmButton
          trigger={SCHOOL_TEXTS.remove}
          title={SCHOOL_TEXTS.remove}
          description={
            state.verified
              ? 'Your profile and services will no longer show Verified student. You can verify again later.'
              : 'The confirmation link will stop working.'
          }
          confirmLabel="Remove"
          busyLabel="Removing..."
          onConfirm={() => whenSucceeded(remove.mutateAsync())}
        />
      </div>
    </div>
  );
}

function AddressForm({ replacing }: { replacing: boolean }) {
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useSetSchoolEmail();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = schoolAddressSchema.safeParse({ address });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    void whenSucceeded(send.mutateAsync(parsed.data), () => setAddress(''));
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3 sm:max-w-md"
      aria-label={SCHOOL_TEXTS.sectionTitle}
    >
      <TextField
        id="school-email"
        type="email"
        autoComplete="email"
        label={replacing ? 'Use another school email address' : SCHOOL_TEXTS.addressLabel}
        value={address}
        onValueChange={setAddress}
        error={error}
      />
      <p className="text-xs text-muted-foreground">{SCHOOL_TEXTS.addressPrivate}</p>
      <Button type="submit" className="w-fit" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : SCHOOL_TEXTS.send}
      </Button>
    </form>
  );
}
