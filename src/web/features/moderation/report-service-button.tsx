import { Flag } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { REPORT_LIMITS, REPORT_MESSAGES, REPORT_REASONS } from '../../../domain/polls';
import { signInPathFor } from '../../../domain/redirect';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../ui/dialog';
import { fieldErrorProps, FormField } from '../../ui/form-field';
import { NativeSelect } from '../../ui/native-select';
import { Textarea } from '../../ui/textarea';
import { useSession } from '../accounts/api';
import { useKnownSession } from '../accounts/use-known-session';
import { useReportService } from './api';

/**
 * The report's rules (and zod), loaded when a Report dialog opens rather than with every card's Report button.
 */
function loadReportRules() {
  return import('../../../domain/polls-schemas');
}

/**
 * Report on a service card and the service page (issue 15 item 2): a dialog with a reason and a description. Never
 * on your own service; a visitor is sent to sign in and comes back here. The server holds every rule again.
 */
export function ReportServiceButton({
  serviceId,
  ownerId,
  className,
}: {
  serviceId: string;
  ownerId?: string;
  className?: string;
}) {
  const { account } = useSession();
  const knownSession = useKnownSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; description?: string }>({});
  // The report's rules are being loaded and checked: Submit waits, so a second press sends nothing twice.
  const [checking, setChecking] = useState(false);
  const report = useReportService();
  if (account && account.id === ownerId) return null;

  const trigger = (onClick?: () => void | Promise<void>) => (
    <Button
      size="sm"
      variant="ghost"
      className={className}
      aria-label="Report this service"
      title="Report"
      onClick={onClick}
    >
      <Flag className="h-4 w-4" aria-hidden />
      <span aria-hidden className="hidden sm:inline">
        Report
      </span>
    </Button>
  );
  if (!account) {
    return trigger(async () => {
      // Still loading: a member's click waits for the session, then opens the dialog (the open state outlives the
      // switch to the signed-in branch below).
      const who = account === undefined ? await knownSession() : null;
      if (who) {
        if (who.id !== ownerId) setOpen(true);
        return;
      }
      toast.info(REPORT_MESSAGES.signInToReport);
      void navigate(signInPathFor(`${location.pathname}${location.search}`));
    });
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checking) return;
    setChecking(true);
    void validateAndSend().finally(() => setChecking(false));
  };
  const validateAndSend = async () => {
    let schemas: Awaited<ReturnType<typeof loadReportRules>>;
    try {
      schemas = await loadReportRules();
    } catch {
      // Offline, or a new deploy took the old code away: the toast says so, and nothing typed is lost.
      toast.error(REPORT_MESSAGES.submitFailed);
      return;
    }
    const parsed = schemas.reportServiceSchema.safeParse({ serviceId, reason, description });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'reason' || field === 'description') && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    report.mutate(parsed.data, {
      onSuccess: () => {
        setOpen(false);
        setReason('');
        setDescription('');
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setErrors({});
        if (next) void loadReportRules().catch(() => undefined);
      }}
    >
      <DialogTrigger asChild>{trigger()}</DialogTrigger>
      <DialogContent title="Report this service" description="Tell the admins what is wrong. They review every report.">
        <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
          <FormField id="report-reason" label="Reason" error={errors.reason}>
            <NativeSelect
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setErrors((old) => ({ ...old, reason: undefined }));
              }}
              {...fieldErrorProps('report-reason', errors.reason)}
            >
              <option value="">Select a reason</option>
              {REPORT_REASONS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="report-description" label="Description" error={errors.description}>
            <Textarea
              value={description}
              maxLength={REPORT_LIMITS.descriptionMax}
              onChange={(e) => {
                setDescription(e.target.value);
                setErrors((old) => ({ ...old, description: undefined }));
              }}
              {...fieldErrorProps('report-description', errors.description)}
            />
          </FormField>
          <Button type="submit" disabled={checking || report.isPending}>
            {report.isPending ? 'Submitting...' : 'Submit Report'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
