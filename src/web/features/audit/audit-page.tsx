import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, AUDIT_ACTION_NAMES, AUDIT_LIMITS, AUDIT_TEXTS } from '../../../domain/audit';
import { dateTime } from '../../lib/dates';
import { failureReason } from '../../lib/mutation-feedback';
import { clearingOnChange, useSchemaForm } from '../../lib/schema-form';
import { Alert } from '../../ui/alert';
import { BackLink } from '../../ui/back-link';
import { Button } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { LoadMoreButton } from '../../ui/load-more-button';
import { NativeSelect } from '../../ui/native-select';
import { PageContainer } from '../../ui/page';
import { useAuditActors, useAuditLog, type AuditEntry } from './api';
import { detailLines, detailsSummary } from './audit-details';
import {
  auditFilterSchema,
  EMPTY_AUDIT_FILTERS,
  filtersFromParams,
  paramsFromFilters,
  type AuditFilterValues,
} from './audit-filters';

export const AUDIT_PAGE_TEXTS = {
  title: 'Audit Log',
  intro: 'Every admin action, newest first: who did it, when, to whom and why. Entries cannot be edited or deleted.',
  loading: 'Loading audit entries...',
  empty: 'No audit entries match these filters',
  loadFailed: (reason: string) => `Failed to load the audit log: ${reason}`,
  server: AUDIT_TEXTS.serverActor,
} as const;

/**
 * /admin/audit, behind RequireAdmin; the server refuses audit.list to everyone else. The filters
 * live in the address, so a link to a filtered view keeps them and Back returns to the previous filters.
 */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const log = useAuditLog(filters);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <PageContainer>
      <div className="flex flex-col gap-2">
        <BackLink to="/admin-dashboard" place="Dashboard" />
        <h1 className="text-3xl font-bold">{AUDIT_PAGE_TEXTS.title}</h1>
        <p className="text-sm text-muted-foreground">{AUDIT_PAGE_TEXTS.intro}</p>
      </div>
      <AuditFilters applied={filters} onApply={(values) => setParams(paramsFromFilters(values))} />
      {log.isPending ? (
        <p role="status" className="text-muted-foreground">
          {AUDIT_PAGE_TEXTS.loading}
        </p>
      ) : log.isError ? (
        <Alert variant="destructive">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>{AUDIT_PAGE_TEXTS.loadFailed(failureReason(log.error) ?? log.error.message)}</span>
            <Button size="sm" variant="outline" onClick={() => void log.refetch()}>
              Try Again
            </Button>
          </div>
        </Alert>
      ) : entries.length === 0 ? (
        <p role="status" className="text-muted-foreground">
          {AUDIT_PAGE_TEXTS.empty}
        </p>
      ) : (
        <div className={`flex flex-col gap-4 ${log.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={log.isFetching}>
          <DataTable
            label={AUDIT_PAGE_TEXTS.title}
            headers={['When', 'Admin', 'Action', 'Subject', 'Details']}
            minWidth="min-w-[52rem]"
          >
            {entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </DataTable>
          <LoadMoreButton listing={log} />
        </div>
      )}
    </PageContainer>
  );
}

function AuditFilters({
  applied,
  onApply,
}: {
  applied: AuditFilterValues;
  onApply: (values: AuditFilterValues) => void;
}) {
  const actors = useAuditActors();
  const form = useSchemaForm<AuditFilterValues>(auditFilterSchema, { defaultValues: applied });
  const appliedKey = JSON.stringify(applied);
  // The address changed without the form (Back, a followed link): show what the table shows.
  useEffect(() => {
    form.reset(JSON.parse(appliedKey) as AuditFilterValues);
  }, [appliedKey, form]);

  const actorChoices = actors.data ?? [];
  const unknownActor = applied.actorId && !actorChoices.some((a) => a.id === applied.actorId);
  const errors = form.formState.errors;

  return (
    <form
      aria-label="Audit log filters"
      className="grid grid-cols-1 gap-4 rounded-md border bg-card p-4 sm:grid-cols-2 lg:grid-cols-5"
      onSubmit={form.handleSubmit((values) => onApply(values))}
      noValidate
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor="audit-action">Action</Label>
        <NativeSelect id="audit-action" {...form.register('action')}>
          <option value="">All actions</option>
          {AUDIT_ACTION_NAMES.map((name) => (
            <option key={name} value={name}>
              {AUDIT_ACTIONS[name]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="audit-actor">Admin</Label>
        <NativeSelect id="audit-actor" {...form.register('actorId')} aria-busy={actors.isPending}>
          <option value="">All admins</option>
          {unknownActor && <option value={applied.actorId}>{applied.actorId}</option>}
          {actorChoices.map((actor) => (
            <option key={actor.id} value={actor.id}>
              {actor.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="audit-from">From</Label>
        <Input id="audit-from" type="date" {...clearingOnChange(form, 'from')} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="audit-to">To</Label>
        <Input
          id="audit-to"
          type="date"
          aria-invalid={errors.to ? true : undefined}
          aria-describedby={errors.to ? 'audit-to-error' : undefined}
          {...clearingOnChange(form, 'to')}
        />
        {errors.to && (
          <p id="audit-to-error" className="text-sm text-destructive">
            {errors.to.message}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="audit-subject">Subject id</Label>
        <Input
          id="audit-subject"
          maxLength={AUDIT_LIMITS.idMax}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={errors.subjectId ? true : undefined}
          aria-describedby={errors.subjectId ? 'audit-subject-error' : undefined}
          {...clearingOnChange(form, 'subjectId')}
        />
        {errors.subjectId && (
          <p id="audit-subject-error" className="text-sm text-destructive">
            {errors.subjectId.message}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-5">
        <Button type="submit">Apply</Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            form.reset(EMPTY_AUDIT_FILTERS);
            onApply(EMPTY_AUDIT_FILTERS);
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}

const SUBJECT_LINKS: Record<string, (id: string) => string> = {
  user: (id) => `/profile/${encodeURIComponent(id)}`,
  service: (id) => `/services/${encodeURIComponent(id)}`,
  feedback: () => '/admin-feedback',
  conversation: (id) => `/conversations/${encodeURIComponent(id)}`,
};

function AuditRow({ entry }: { entry: AuditEntry }) {
  const summary = detailsSummary(entry.details);
  const subject = entry.subject;
  const link = subject?.kind ? SUBJECT_LINKS[subject.kind]?.(subject.id) : undefined;
  return (
    <tr className="border-b align-top last:border-0" data-testid="audit-entry">
      <td className="whitespace-nowrap p-2">
        <time dateTime={entry.createdAt}>{dateTime(entry.createdAt)}</time>
      </td>
      <td className="p-2">
        {entry.actor ? entry.actor.name : <span className="text-muted-foreground">{AUDIT_PAGE_TEXTS.server}</span>}
      </td>
      <td className="p-2">{entry.label}</td>
      <td className="max-w-[14rem] p-2">
        {subject ? (
          <div className="flex flex-col">
            {link ? (
              <Link
                to={link}
                className="font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {subject.name ?? subject.kind}
              </Link>
            ) : (
              subject.name && <span>{subject.name}</span>
            )}
            <span className="break-all font-mono text-xs text-muted-foreground">{subject.id}</span>
          </div>
        ) : (
          <span className="text-muted-foreground">-</span>
        )}
      </td>
      <td className="max-w-[22rem] break-words p-2">
        {summary.text || <span className="text-muted-foreground">-</span>}
        {summary.shortened && (
          <details className="mt-1">
            <summary className="cursor-pointer text-xs font-medium text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
              Full details
            </summary>
            <dl className="mt-1 flex flex-col gap-1 text-xs">
              {detailLines(entry.details).map((line) => (
                <div key={line.label}>
                  <dt className="inline font-medium">{line.label}: </dt>
                  <dd className="inline whitespace-pre-wrap">{line.value}</dd>
                </div>
              ))}
            </dl>
          </details>
        )}
      </td>
    </tr>
  );
}
