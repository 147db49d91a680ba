import { Flag } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { toast } from '../../lib/toast';
import { REPORT_LIMITS, REPORT_MESSAGES, REPORT_REASONS } from '../../../domain/polls';
import { Button } from '../../ui/button';
import { Dialog, DialogContent } from '../../ui/dialog';
import { fieldErrorProps, FormField } from '../../ui/form-field';
import { NativeSelect } from '../../ui/native-select';
import { Textarea } from '../../ui/textarea';
import { useSession } from '../accounts/api';
import { useMemberOrSignIn } from '../accounts/use-known-session';
import { useReportService } from './api';

/**
 * The report's rules (and zod), loaded when a Report dialog opens rather than with every card's Report button.
 */
function loadReportRules() {
  return import('../../../domain/polls-schemas');
}

interface ReportDraft {
  reason: string;
  description: string;
}

const EMPTY_DRAFT: ReportDraft = { reason: '', description: '' };

/**
 * Report on a service card and the service page: a dialog with a reason and a description. Never
 * on your own service; a visitor is sent to sign in and comes back here. The server holds every rule again.
 *
 * Only the button lives on the card: the dialog, its form and its request are made when it opens. A listing hydrates
 * two dozen cards in one task, and a dialog and a pending request per card were a share of it.
 */
export function ReportServiceButton({
  serviceId,
  ownerId,
  className,
  iconOnly = false,
}: {
  serviceId: string;
  ownerId?: string;
  className?: string;
  /** The flag alone (a card's narrow row); its name and tooltip still say Report. */
  iconOnly?: boolean;
}) {
  const { account } = useSession();
  const memberOrSignIn = useMemberOrSignIn();
  const [open, setOpen] = useState(false);
  // What was typed outlives a dialog closed by mistake: reopened, it is still there until the report is sent.
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  const button = useRef<HTMLButtonElement>(null);
  if (account && account.id === ownerId) return null;

  const press = async () => {
    if (account) return setOpen(true);
    // Still loading: a member's click waits for the session, then opens the dialog.
    const member = await memberOrSignIn(REPORT_MESSAGES.signInToReport);
    if (member && member.id !== ownerId) setOpen(true);
  };

  return (
    <>
      <Button
        ref={button}
        size="sm"
        variant="ghost"
        className={className}
        aria-label="Report this service"
        aria-haspopup="dialog"
        aria-expanded={open}
        title="Report"
        onClick={press}
      >
        <Flag className="h-4 w-4" aria-hidden />
        {!iconOnly && (
          <span aria-hidden className="hidden sm:inline">
            Report
          </span>
        )}
      </Button>
      {open && (
        <ReportServiceDialog
          serviceId={serviceId}
          draft={draft}
          onDraft={setDraft}
          onSent={() => setDraft(EMPTY_DRAFT)}
          onClose={() => setOpen(false)}
          returnFocusTo={button}
        />
      )}
    </>
  );
}

function ReportServiceDialog({
  serviceId,
  draft,
  onDraft,
  onSent,
  onClose,
  returnFocusTo,
}: {
  serviceId: string;
  draft: ReportDraft;
  onDraft: (update: (old: ReportDraft) => ReportDraft) => void;
  onSent: () => void;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const [errors, setErrors] = useState<{ reason?: string; description?: string }>({});
  // The report's rules are being loaded and checked: Submit waits, so a second press sends nothing twice.
  const [checking, setChecking] = useState(false);
  const report = useReportService();
  useEffect(() => {
    void loadReportRules().catch(() => undefined);
  }, []);

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
    const parsed = schemas.reportServiceSchema.safeParse({ serviceId, ...draft });
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
        onSent();
        onClose();
      },
    });
  };

  return (
    // Not closed while the report is on its way: reopened, its Submit would send the same report again.
    <Dialog open onOpenChange={(next) => !next && !report.isPending && onClose()}>
      <DialogContent
        title="Report this service"
        description="Tell the admins what is wrong. They review every report."
        // No Radix trigger on the card (it would need the dialog mounted): focus goes back to the Report button.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
          <FormField id="report-reason" label="Reason" error={errors.reason}>
            <NativeSelect
              value={draft.reason}
              onChange={(e) => {
                const reason = e.target.value;
                onDraft((old) => ({ ...old, reason }));
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
              value={draft.description}
              maxLength={REPORT_LIMITS.descriptionMax}
              onChange={(e) => {
                const description = e.target.value;
                onDraft((old) => ({ ...old, description }));
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
