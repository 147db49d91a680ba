import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { BIO_MAX, profileUpdateSchema, type ProfileUpdateInput } from '../../../domain/profile';
import { ageInYears } from '../../../domain/profile';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { fieldErrorProps, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Textarea } from '../../ui/textarea';
import { useUpdateProfile } from './api';

export interface OwnProfile {
  firstName: string | null;
  lastName: string | null;
  bio: string | null;
  school: string | null;
  dateOfBirth: string | null;
  email: string;
}

const toForm = (p: OwnProfile): ProfileUpdateInput => ({
  firstName: p.firstName ?? '',
  lastName: p.lastName ?? '',
  bio: p.bio ?? '',
  school: p.school ?? '',
  dateOfBirth: p.dateOfBirth ?? '',
});

/** Profile information in view or edit mode; Cancel restores the last saved values. */
export function ProfileInfoCard({ profile, startEditing }: { profile: OwnProfile; startEditing: boolean }) {
  const [editing, setEditing] = useState(startEditing);
  const update = useUpdateProfile();
  const form = useForm<ProfileUpdateInput, unknown, ProfileUpdateInput>({
    // Validate with the shared schema but keep the raw values: the server applies the same transforms.
    resolver: zodResolver(profileUpdateSchema) as never,
    defaultValues: toForm(profile),
  });
  const { errors, isSubmitting } = form.formState;

  // Saved values that change elsewhere (another tab) show up here unless the user is mid-edit.
  useEffect(() => {
    if (!editing) form.reset(toForm(profile));
  }, [profile, editing, form]);

  // The server parses with the same schema: send the raw form values, not the transformed ones.
  const onSubmit = form.handleSubmit(() =>
    whenSucceeded(update.mutateAsync(form.getValues()), () => setEditing(false)),
  );

  const cancel = () => {
    form.reset(toForm(profile));
    setEditing(false);
  };

  const age = ageInYears(profile.dateOfBirth);
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Profile Information</CardTitle>
        {!editing && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil className="h-4 w-4" aria-hidden /> Edit Profile
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {editing ? (
          <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Edit profile">
            <FormField id="profile-first-name" label="First name" error={errors.firstName?.message}>
              <Input
                autoComplete="given-name"
                {...fieldErrorProps('profile-first-name', errors.firstName?.message)}
                {...form.register('firstName')}
              />
            </FormField>
            <FormField id="profile-last-name" label="Last name" error={errors.lastName?.message}>
              <Input
                autoComplete="family-name"
                {...fieldErrorProps('profile-last-name', errors.lastName?.message)}
                {...form.register('lastName')}
              />
            </FormField>
            <div className="sm:col-span-2">
              <FormField id="profile-bio" label="Bio" error={errors.bio?.message}>
                <Textarea
                  rows={4}
                  maxLength={BIO_MAX}
                  {...fieldErrorProps('profile-bio', errors.bio?.message)}
                  {...form.register('bio')}
                />
              </FormField>
            </div>
            <FormField id="profile-date-of-birth" label="Date of birth" error={errors.dateOfBirth?.message}>
              <Input
                type="date"
                {...fieldErrorProps('profile-date-of-birth', errors.dateOfBirth?.message)}
                {...form.register('dateOfBirth')}
              />
            </FormField>
            <FormField id="profile-school" label="School" error={errors.school?.message}>
              <Input
                autoComplete="organization"
                {...fieldErrorProps('profile-school', errors.school?.message)}
                {...form.register('school')}
              />
            </FormField>
            <div className="flex gap-2 sm:col-span-2">
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Saving...' : 'Save'}
              </Button>
              <Button type="button" variant="outline" onClick={cancel} disabled={isSubmitting}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <Info label="First name" value={profile.firstName} />
            <Info label="Last name" value={profile.lastName} />
            <Info label="Email" value={profile.email} />
            <Info label="School" value={profile.school} />
            <Info
              label="Date of birth"
              value={profile.dateOfBirth ? `${profile.dateOfBirth}${age !== null ? ` (age ${age})` : ''}` : null}
            />
            <Info label="Bio" value={profile.bio} className="sm:col-span-2" />
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

function Info({ label, value, className }: { label: string; value: string | null; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 font-medium whitespace-pre-line">
        {value || <span className="text-muted-foreground">Not set</span>}
      </dd>
    </div>
  );
}
