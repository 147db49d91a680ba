import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ADMIN_USER_LIMITS, SUSPENSION_CHOICES } from '../../../domain/admin-users';
import {
  ACTION_TEXTS,
  actionsFor,
  MEMBER_REPORT_TEXTS,
  MUTE_CHOICES,
  MUTE_LABELS,
  REPORT_REASON_LABELS,
  REPORT_TARGET_LABELS,
  type ModerationAction,
  type MuteHours,
  type ReportSort,
} from '../../../domain/member-reports';
import { BackLink } from '../../ui/back-link';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Dialog, DialogContent, DialogTrigger } from '../../ui/dialog';
import { LocalDate } from '../../ui/local-date';
import { NativeSelect } from '../../ui/native-select';
import { PageContainer } from '../../ui/page';
import { Textarea } from '../../ui/textarea';
import { useReportQueue, useResolveReports } from './api';
import type { QueueItem } from './queue-cache';

/**
 * /admin/reports: members' reports, one card per reported item with its evidence and reports, newest or most reported
 * first, kept live. Each action asks why (the audit log keeps it) and settles the item's open reports.
 */
export function ReportQueuePage() {
  const [sort, setSort] = useState<ReportSort>('newest');
  const queue = useReportQueue(sort);
  const sortId = useId();
  return (
    <PageContainer>
      <div className="flex flex-col gap-2">
        <BackLink to="/admin-dashboard" place="Dashboard" />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-bold">{MEMBER_REPORT_TEXTS.queueTitle}</h1>
          <div className="flex items-center gap-2">
            <label htmlFor={sortId} className="text-sm font-medium">
              {MEMBER_REPORT_TEXTS.sortLabel}
            </label>
            <NativeSelect id={sortId} value={sort} onChange={(e) => setSort(e.target.value as ReportSort)}>
              <option value="newest">{MEMBER_REPORT_TEXTS.sortNewest}</option>
              <option value="most">{MEMBER_REPORT_TEXTS.sortMost}</option>
            </NativeSelect>
          </div>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">
        {MEMBER_REPORT_TEXTS.queueDescription}{' '}
        <Link className="text-primary underline" to="/admin-services">
          Service reports
        </Link>
      </p>
      {queue.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading reports...
        </p>
      ) : queue.isError ? (
        <p role="alert" className="text-destructive">
          {MEMBER_REPORT_TEXTS.loadFailed}
        </p>
      ) : queue.data.length === 0 ? (
        <p className="text-muted-foreground">{MEMBER_REPORT_TEXTS.queueEmpty}</p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label={MEMBER_REPORT_TEXTS.queueTitle}>
          {queue.data.map((item) => (
            <li key={`${item.targetKind}:${item.targetId}`}>
              <QueueCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </PageContainer>
  );
}

function QueueCard({ item }: { item: QueueItem }) {
  const { evidence } = item;
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="report-item">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline">{REPORT_TARGET_LABELS[item.targetKind]}</Badge>
        <Badge variant="destructive">{MEMBER_REPORT_TEXTS.reportCount(item.count)}</Badge>
        <span className="text-sm">
          {MEMBER_REPORT_TEXTS.reportedMember}:{' '}
          <Link className="font-medium underline" to={`/profile/${item.reportedUserId}`}>
            {item.reportedUserName}
          </Link>
        </span>
        <span className="ml-auto text-xs text-muted-foreground">
          <LocalDate at={item.latestAt} />
        </span>
      </div>
      <section aria-label={MEMBER_REPORT_TEXTS.evidence} className="rounded-md border bg-muted/40 p-3 text-sm">
        <h3 className="mb-1 text-xs font-semibold text-muted-foreground uppercase">{MEMBER_REPORT_TEXTS.evidence}</h3>
        <p className="break-words whitespace-pre-wrap">{evidence.text ?? MEMBER_REPORT_TEXTS.evidenceMissing}</p>
        {evidence.detail && <p className="mt-1 text-muted-foreground">{evidence.detail}</p>}
        {evidence.mediaUrl && (
          <a className="mt-1 block underline" href={evidence.mediaUrl} target="_blank" rel="noreferrer noopener">
            Attached media
          </a>
        )}
      </section>
      <section aria-label={MEMBER_REPORT_TEXTS.reporters}>
        <h3 className="mb-1 text-xs font-semibold text-muted-foreground uppercase">{MEMBER_REPORT_TEXTS.reporters}</h3>
        <ul className="flex flex-col gap-1 text-sm">
          {item.reports.map((r) => (
            <li key={r.id}>
              <span className="font-medium">{r.reporterName}</span> · {REPORT_REASON_LABELS[r.reason]} ·{' '}
              <LocalDate at={r.createdAt} />
              {r.description && <p className="text-muted-foreground">{r.description}</p>}
            </li>
          ))}
        </ul>
      </section>
      <div className="flex flex-wrap gap-2">
        {actionsFor(item.targetKind).map((action) => (
          <ActionButton key={action} item={item} action={action} />
        ))}
      </div>
    </Card>
  );
}

const SUSPEND_CHOICES = SUSPENSION_CHOICES.map((d) => ({
  value: d === null ? 'null' : String(d),
  label: d === null ? MEMBER_REPORT_TEXTS.indefinitely : d === 1 ? '1 day' : `${d} days`,
}));

function ActionButton({ item, action }: { item: QueueItem; action: ModerationAction }) {
  const id = useId();
  const texts = ACTION_TEXTS[action];
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [hours, setHours] = useState<MuteHours>(24);
  const [days, setDays] = useState('7');
  const resolve = useResolveReports();
  const key = { targetKind: item.targetKind, targetId: item.targetId };
  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason.trim()) return;
    const input =
      action === 'mute'
        ? { ...key, action, reason, hours }
        : action === 'suspend'
          ? { ...key, action, reason, days: days === 'null' ? null : Number(days) }
          : { ...key, action, reason };
    resolve.mutate(input as Parameters<typeof resolve.mutate>[0], { onSuccess: () => setOpen(false) });
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !resolve.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button size="sm" variant={action === 'dismiss' ? 'outline' : 'destructive'}>
          {texts.label}
        </Button>
      </DialogTrigger>
      <DialogContent title={texts.title} description={texts.confirm}>
        <form noValidate className="flex flex-col gap-4" onSubmit={confirm}>
          {action === 'mute' && (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-length`} className="text-sm font-medium">
                {MEMBER_REPORT_TEXTS.muteLengthLabel}
              </label>
              <NativeSelect
                id={`${id}-length`}
                value={hours}
                onChange={(e) => setHours(Number(e.target.value) as MuteHours)}
              >
                {MUTE_CHOICES.map((h) => (
                  <option key={h} value={h}>
                    {MUTE_LABELS[h]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
          {action === 'suspend' && (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-length`} className="text-sm font-medium">
                {MEMBER_REPORT_TEXTS.suspendLengthLabel}
              </label>
              <NativeSelect id={`${id}-length`} value={days} onChange={(e) => setDays(e.target.value)}>
                {SUSPEND_CHOICES.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-reason`} className="text-sm font-medium">
              {MEMBER_REPORT_TEXTS.actionReasonLabel}
            </label>
            <Textarea
              id={`${id}-reason`}
              required
              value={reason}
              maxLength={ADMIN_USER_LIMITS.reasonMax}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={resolve.isPending}>
              {MEMBER_REPORT_TEXTS.cancel}
            </Button>
            <Button type="submit" disabled={resolve.isPending || !reason.trim()}>
              {MEMBER_REPORT_TEXTS.confirm}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
