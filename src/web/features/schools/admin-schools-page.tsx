import { Pencil, Trash2, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import {
  createSchoolSchema,
  SCHOOL_LIMITS,
  SCHOOL_TEXTS,
  schoolDomainSchema,
  schoolNameSchema,
  splitDomains,
} from '../../../domain/schools';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmButton } from '../../ui/confirm-button';
import { PageContainer } from '../../ui/page';
import { TextField } from '../../ui/text-field';
import {
  useAddSchoolDomain,
  useCreateSchool,
  useRemoveSchool,
  useRemoveSchoolDomain,
  useRenameSchool,
  useSchools,
} from './api';

type School = NonNullable<ReturnType<typeof useSchools>['data']>[number];

/** The first message of a failed parse, for the field it concerns. */
const firstError = (error: z.ZodError | undefined) => error?.issues[0]?.message;

/**
 * /admin/schools, behind RequireAdmin (the server refuses every schools admin call to others): the schools whose
 * students may verify, with their email domains. Every change is audited; removing a school or a domain takes the
 * mark from every member verified through it.
 */
export function AdminSchoolsPage() {
  const schools = useSchools();
  return (
    <PageContainer>
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold">{SCHOOL_TEXTS.adminTitle}</h1>
        <p className="text-muted-foreground">{SCHOOL_TEXTS.adminDescription}</p>
      </div>
      <AddSchoolForm />
      {schools.isPending ? (
        <p className="text-muted-foreground" role="status">
          Loading schools...
        </p>
      ) : schools.isError ? (
        <Alert variant="destructive">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>Failed to load schools: {schools.error.message}</span>
            <Button size="sm" variant="outline" onClick={() => void schools.refetch()}>
              Try Again
            </Button>
          </div>
        </Alert>
      ) : schools.data.length === 0 ? (
        <p className="text-muted-foreground">{SCHOOL_TEXTS.noSchools}</p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Listed schools">
          {schools.data.map((school) => (
            <li key={school.id}>
              <SchoolCard school={school} />
            </li>
          ))}
        </ul>
      )}
    </PageContainer>
  );
}

function AddSchoolForm() {
  const [name, setName] = useState('');
  const [domains, setDomains] = useState('');
  const [errors, setErrors] = useState<{ name?: string; domains?: string }>({});
  const create = useCreateSchool();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createSchoolSchema.safeParse({ name, domains: splitDomains(domains) });
    if (!parsed.success) {
      const issue = (field: string) => parsed.error.issues.find((i) => i.path[0] === field)?.message;
      setErrors({ name: issue('name'), domains: issue('domains') });
      return;
    }
    setErrors({});
    void whenSucceeded(create.mutateAsync(parsed.data), () => {
      setName('');
      setDomains('');
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{SCHOOL_TEXTS.add}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={SCHOOL_TEXTS.add}>
          <TextField
            id="school-name"
            label={SCHOOL_TEXTS.schoolNameLabel}
            value={name}
            onValueChange={setName}
            maxLength={SCHOOL_LIMITS.nameMax}
            error={errors.name}
          />
          <div className="flex flex-col gap-1">
            <TextField
              id="school-domains"
              label={SCHOOL_TEXTS.domainsLabel}
              value={domains}
              onValueChange={setDomains}
              error={errors.domains}
              autoCapitalize="none"
              spellCheck={false}
            />
            <p className="text-xs text-muted-foreground">{SCHOOL_TEXTS.domainsHint}</p>
          </div>
          <Button type="submit" className="w-fit" disabled={create.isPending}>
            {create.isPending ? 'Adding...' : SCHOOL_TEXTS.add}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function SchoolCard({ school }: { school: School }) {
  const remove = useRemoveSchool();
  const removeDomain = useRemoveSchoolDomain();
  const [renaming, setRenaming] = useState(false);
  return (
    <Card data-testid="school-row">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        {renaming ? (
          <RenameForm school={school} onDone={() => setRenaming(false)} />
        ) : (
          <div className="flex min-w-0 flex-col gap-1">
            <CardTitle className="text-lg break-words">{school.name}</CardTitle>
            <p className="text-sm text-muted-foreground">
              {school.verifiedMembers === 1 ? '1 verified member' : `${school.verifiedMembers} verified members`}
            </p>
          </div>
        )}
        {!renaming && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => setRenaming(true)} aria-label={`Rename ${school.name}`}>
              <Pencil className="h-4 w-4" aria-hidden /> Rename
            </Button>
            <ConfirmButton
              trigger={
                <>
                  <Trash2 className="h-4 w-4" aria-hidden /> Remove
                </>
              }
              triggerLabel={`Remove ${school.name}`}
              title={`Remove ${school.name}?`}
              description={`Its domains go, and ${school.verifiedMembers} verified member(s) lose the Verified student mark.`}
              confirmLabel="Remove School"
              busyLabel="Removing..."
              onConfirm={() => whenSucceeded(remove.mutateAsync({ schoolId: school.id }))}
            />
          </div>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <ul className="flex flex-wrap gap-2" aria-label={`Domains of ${school.name}`}>
          {school.domains.map((d) => (
            <li key={d.id}>
              <Badge variant="outline" className="gap-1 py-1 text-sm font-normal">
                {d.domain}
                {school.domains.length > 1 && (
                  <ConfirmButton
                    trigger={<X className="h-3.5 w-3.5" aria-hidden />}
                    triggerLabel={`Remove domain ${d.domain}`}
                    title={`Remove ${d.domain}?`}
                    description="Members verified with an address at this domain lose the Verified student mark."
                    confirmLabel="Remove Domain"
                    busyLabel="Removing..."
                    onConfirm={() => whenSucceeded(removeDomain.mutateAsync({ domainId: d.id }))}
                  />
                )}
              </Badge>
            </li>
          ))}
        </ul>
        {school.domains.length < SCHOOL_LIMITS.domainsMax && <AddDomainForm school={school} />}
      </CardContent>
    </Card>
  );
}

function RenameForm({ school, onDone }: { school: School; onDone(): void }) {
  const [name, setName] = useState(school.name);
  const [error, setError] = useState<string | undefined>();
  const rename = useRenameSchool();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = schoolNameSchema.safeParse(name);
    if (!parsed.success) return setError(firstError(parsed.error));
    setError(undefined);
    void whenSucceeded(rename.mutateAsync({ schoolId: school.id, name: parsed.data }), onDone);
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-wrap items-end gap-2"
      aria-label={`Rename ${school.name}`}
    >
      <TextField
        id={`rename-${school.id}`}
        label={SCHOOL_TEXTS.schoolNameLabel}
        value={name}
        onValueChange={setName}
        maxLength={SCHOOL_LIMITS.nameMax}
        error={error}
        autoFocus
      />
      <Button type="submit" size="sm" disabled={rename.isPending}>
        {rename.isPending ? 'Saving...' : 'Save'}
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={onDone}>
        Cancel
      </Button>
    </form>
  );
}

function AddDomainForm({ school }: { school: School }) {
  const [domain, setDomain] = useState('');
  const [error, setError] = useState<string | undefined>();
  const add = useAddSchoolDomain();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = schoolDomainSchema.safeParse(domain);
    if (!parsed.success) return setError(firstError(parsed.error));
    setError(undefined);
    void whenSucceeded(add.mutateAsync({ schoolId: school.id, domain: parsed.data }), () => setDomain(''));
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-wrap items-end gap-2"
      aria-label={`Add a domain to ${school.name}`}
    >
      <TextField
        id={`domain-${school.id}`}
        label={SCHOOL_TEXTS.domainLabel}
        value={domain}
        onValueChange={setDomain}
        error={error}
        autoCapitalize="none"
        spellCheck={false}
      />
      <Button type="submit" size="sm" variant="outline" disabled={add.isPending}>
        {add.isPending ? 'Adding...' : 'Add Domain'}
      </Button>
    </form>
  );
}
