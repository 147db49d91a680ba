import { Flag } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  MEMBER_REPORT_LIMITS,
  MEMBER_REPORT_TEXTS,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTargetKind,
} from '../../../domain/member-reports';
import { Button } from '../../ui/button';
import { Dialog, DialogContent } from '../../ui/dialog';
import { Textarea } from '../../ui/textarea';
import { useSession } from '../accounts/api';
import { useSubmitMemberReport } from './api';

/**
 * Report a member, a message, a review or a room: a button that opens the dialog. Shown to signed-in members only,
 * never on their own things (`ownerId`); the server holds every rule again.
 */
export function ReportButton({
  targetKind,
  targetId,
  ownerId,
  iconOnly = false,
  className,
}: {
  targetKind: ReportTargetKind;
  targetId: string;
  ownerId?: string | null;
  iconOnly?: boolean;
  className?: string;
}) {
  const { account } = useSession();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!account || account.id === ownerId) return null;
  const title = MEMBER_REPORT_TEXTS.dialogTitle(targetKind);
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="sm"
        className={className ?? (iconOnly ? 'h-7 px-2 text-muted-foreground' : undefined)}
        aria-label={title}
        aria-haspopup="dialog"
        title={title}
        onClick={() => setOpen(true)}
      >
        <Flag className="h-4 w-4" aria-hidden />
        {!iconOnly && <span>{MEMBER_REPORT_TEXTS.reportAction}</span>}
      </Button>
      {open && (
        <ReportDialog
          targetKind={targetKind}
          targetId={targetId}
          onClose={() => setOpen(false)}
          onCloseAutoFocus={() => button.current?.focus()}
        />
      )}
    </>
  );
}

function ReportDialog({
  targetKind,
  targetId,
  onClose,
  onCloseAutoFocus,
}: {
  targetKind: ReportTargetKind;
  targetId: string;
  onClose: () => void;
  onCloseAutoFocus: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitMemberReport();
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason) return setError('Please choose a reason');
    submit.mutate({ targetKind, targetId, reason, description }, { onSuccess: onClose });
  };
  return (
    <Dialog open onOpenChange={(next) => !next && !submit.isPending && onClose()}>
      <DialogContent
        title={MEMBER_REPORT_TEXTS.dialogTitle(targetKind)}
        description={MEMBER_REPORT_TEXTS.dialogDescription}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onCloseAutoFocus();
        }}
      >
        <form noValidate className="flex flex-col gap-4" onSubmit={send}>
          <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
            <legend className="mb-1 text-sm font-medium">{MEMBER_REPORT_TEXTS.reasonLabel}</legend>
            {REPORT_REASONS.map((r) => (
              <label key={r} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={r}
                  checked={reason === r}
                  onChange={() => {
                    setReason(r);
                    setError(null);
                  }}
                />
                {REPORT_REASON_LABELS[r]}
              </label>
            ))}
            {error && (
              <p id={`${id}-error`} className="text-sm text-destructive">
                {error}
              </p>
            )}
          </fieldset>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-description`} className="text-sm font-medium">
              {MEMBER_REPORT_TEXTS.descriptionLabel}
            </label>
            <Textarea
              id={`${id}-description`}
              value={description}
              maxLength={MEMBER_REPORT_LIMITS.descriptionMax}
              placeholder={MEMBER_REPORT_TEXTS.descriptionPlaceholder}
              aria-describedby={`${id}-counter`}
              onChange={(e) => setDescription(e.target.value)}
            />
            <p id={`${id}-counter`} className="self-end text-xs text-muted-foreground">
              {MEMBER_REPORT_TEXTS.counter(description.length)}
            </p>
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose} disabled={submit.isPending}>
              {MEMBER_REPORT_TEXTS.cancel}
            </Button>
            <Button type="submit" disabled={submit.isPending}>
              {MEMBER_REPORT_TEXTS.submit}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The muted member's composer: why it refuses, and until when (in the reader's own time). */
export function MutedNotice({ until }: { until: string }) {
  return (
    <p role="status" className="px-4 py-2 text-sm text-destructive">
      {MEMBER_REPORT_TEXTS.mutedNotice(new Date(until).toLocaleString())}
    </p>
  );
}
