import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  PORTFOLIO_DESCRIPTION_MAX,
  PORTFOLIO_MESSAGES,
  PORTFOLIO_TITLE_MAX,
  portfolioItemSchema,
  type PortfolioItemInput,
} from '../../../domain/portfolio';
import { ImageField } from '../../ui/image-field';
import { Button } from '../../ui/button';
import { fieldErrorProps, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Textarea } from '../../ui/textarea';

export const EMPTY_PORTFOLIO_ITEM: PortfolioItemInput = { title: '', description: '', projectUrl: '', imageUrl: '' };

/**
 * The add and edit form of a portfolio item. Submit stays disabled until there is a title; an image is
 * uploaded as soon as it is picked, with progress. `onChange` sees every edit (the add form keeps a draft).
 */
export function PortfolioForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  onChange,
}: {
  initial: PortfolioItemInput;
  submitLabel: string;
  onSubmit(values: PortfolioItemInput): Promise<void>;
  onCancel(): void;
  onChange?(values: PortfolioItemInput): void;
}) {
  const id = useId();
  const form = useForm<PortfolioItemInput>({
    resolver: zodResolver(portfolioItemSchema) as never,
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;
  const values = useWatch({ control: form.control }) as PortfolioItemInput;
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    onChange?.(values);
  }, [values, onChange]);

  // The server parses with the same schema: send the raw form values, not the transformed ones.
  const submit = form.handleSubmit(async () => onSubmit(form.getValues()));
  const busy = isSubmitting || uploading;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={submitLabel}>
      <FormField id={`${id}-title`} label="Title" error={errors.title?.message}>
        <Input
          maxLength={PORTFOLIO_TITLE_MAX}
          {...fieldErrorProps(`${id}-title`, errors.title?.message)}
          {...form.register('title')}
        />
      </FormField>
      <FormField id={`${id}-description`} label="Description" error={errors.description?.message}>
        <Textarea
          rows={3}
          maxLength={PORTFOLIO_DESCRIPTION_MAX}
          {...fieldErrorProps(`${id}-description`, errors.description?.message)}
          {...form.register('description')}
        />
      </FormField>
      <FormField id={`${id}-url`} label="Project URL" error={errors.projectUrl?.message}>
        <Input
          type="url"
          placeholder="https://"
          {...fieldErrorProps(`${id}-url`, errors.projectUrl?.message)}
          {...form.register('projectUrl')}
        />
      </FormField>
      <ImageField
        kind="portfolio"
        value={values.imageUrl ?? ''}
        onChange={(url) => form.setValue('imageUrl', url, { shouldDirty: true })}
        onBusyChange={setUploading}
        successMessage={PORTFOLIO_MESSAGES.imageUploaded}
        failureMessage={PORTFOLIO_MESSAGES.imageFailed}
        previewAlt="Selected project"
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={busy || !values.title?.trim()}>
          {isSubmitting ? 'Saving...' : submitLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
