import { BadgeCheck, MailCheck } from 'lucide-react';
import { SCHOOL_TEXTS, verifiedStudentLabel } from '../../../domain/schools';
import { cn } from '../../lib/cn';

/** "Verified student · {school}": on the profile, the service cards and the service page. Nothing when unverified. */
export function VerifiedStudentMark({ school, className }: { school: string | null | undefined; className?: string }) {
  if (!school) return null;
  return (
    <span
      className={cn(
        'inline-flex min-w-0 items-center gap-1 text-sm font-medium text-green-700 dark:text-green-400',
        className,
      )}
      data-testid="verified-student"
    >
      <BadgeCheck className="h-4 w-4 shrink-0" aria-hidden />
      <span className="truncate">{verifiedStudentLabel(school)}</span>
    </span>
  );
}

/** The small "Email verified" mark beside the school's, on the profile only. */
export function EmailVerifiedMark({ verified }: { verified: boolean }) {
  if (!verified) return null;
  return (
    <span className="inline-flex items-center gap-1 text-xs text-muted-foreground" data-testid="email-verified">
      <MailCheck className="h-3.5 w-3.5 shrink-0" aria-hidden />
      {SCHOOL_TEXTS.emailVerified}
    </span>
  );
}

/** Both profile marks on one line, wrapping on a phone. */
export function ProfileMarks({
  emailVerified,
  verifiedSchool,
}: {
  emailVerified: boolean;
  verifiedSchool: string | null;
}) {
  if (!emailVerified && !verifiedSchool) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <VerifiedStudentMark school={verifiedSchool} />
      <EmailVerifiedMark verified={emailVerified} />
    </div>
  );
}
