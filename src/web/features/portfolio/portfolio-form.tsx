import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  PORTFOLIO_DESCRIPTION_MAX,
  PORTFOLIO_MESSAGES,
  PORTFOLIO_TITLE_MAX,
  portfolioItemSchema,
  type PortfolioItemInput,
} from '../../../domain/portfolio';
import { useImageUpload } from '../../lib/use-image-upload';
import { Button } from '../../ui/button';
import { fieldErrorProps, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { ProgressBar } from '../../ui/progress-bar';
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
  const { inputRef, progress, pick } = useImageUpload<{ url: string }>('portfolio', {
    onUploaded: ({ url }) => form.setValue('imageUrl', url, { shouldDirty: true }),
    successMessage: PORTFOLIO_MESSAGES.imageUploaded,
    failureMessage: PORTFOLIO_MESSAGES.imageFailed,
  });

  useEffect(() => {
    onChange?.(values);
  }, [values, onChange]);

  // The server parses with the same schema: send the raw form values, not the transformed ones.
  const submit = form.handleSubmit(async () => onSubmit(form.getValues()));
  const busy = isSubmitting || progress !== null;

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
      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-image`} className="text-sm font-medium">
          Image
        </label>
        <input
          id={`${id}-image`}
          ref={inputRef}
          type="file"
          accept="image/*"
          className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm"
          onChange={(e) => void pick(e.target.files?.[0])}
          disabled={busy}
        />
        <p className="text-xs text-muted-foreground">PNG, JPG, GIF up to 5MB</p>
        {progress !== null && <ProgressBar value={progress} label="Image upload" />}
        {values.imageUrl && (
          <div className="relative w-fit">
            <img src={values.imageUrl} alt="Selected project" className="h-28 rounded-md border object-cover" />
            <button
              type="button"
              aria-label="Remove image"
              className="absolute top-1 right-1 rounded-full bg-background/90 p-1 shadow"
              onClick={() => form.setValue('imageUrl', '', { shouldDirty: true })}
            >
              <X className="h-3.5 w-3.5" aria-hidden />
            </button>
          </div>
        )}
        {!values.imageUrl && progress === null && (
          <p className="flex items-center gap-1 text-xs text-muted-foreground">
            <ImagePlus className="h-3.5 w-3.5" aria-hidden /> No image selected
          </p>
        )}
      </div>
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
