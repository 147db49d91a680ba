import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { serviceRequestSchema, type ServiceRequestInput } from '../../../domain/requests';
import { SERVICE_MESSAGES } from '../../../domain/services';
import { Button } from '../../ui/button';
import { CategorySelect } from '../../ui/category-select';
import { fieldErrorProps, FormField } from '../../ui/form-field';
import { ImageField } from '../../ui/image-field';
import { Input } from '../../ui/input';
import { NativeSelect } from '../../ui/native-select';
import { TitleDescriptionFields } from '../../ui/title-description-fields';

export const EMPTY_REQUEST: ServiceRequestInput = {
  title: '',
  description: '',
  service_category_id: '',
  pricing_type: 'fixed',
  budget: '',
  image_url: '',
};

export function RequestForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: ServiceRequestInput;
  submitLabel: string;
  onSubmit(values: ServiceRequestInput): Promise<void>;
  onCancel?(): void;
}) {
  const id = useId();
  const form = useForm<ServiceRequestInput>({
    resolver: zodResolver(serviceRequestSchema) as never,
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;
  const imageUrl = useWatch({ control: form.control, name: 'image_url' });
  const [uploading, setUploading] = useState(false);
  const submit = form.handleSubmit(async () => onSubmit(form.getValues()));

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label={submitLabel}>
      <TitleDescriptionFields
        idPrefix={id}
        title={form.register('title')}
        description={form.register('description')}
        errors={{ title: errors.title?.message, description: errors.description?.message }}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id={`${id}-category`} label="Category" error={errors.service_category_id?.message}>
          <CategorySelect
            {...fieldErrorProps(`${id}-category`, errors.service_category_id?.message)}
            {...form.register('service_category_id')}
          />
        </FormField>
        <FormField id={`${id}-pricing`} label="Pricing type" error={errors.pricing_type?.message}>
          <NativeSelect
            {...fieldErrorProps(`${id}-pricing`, errors.pricing_type?.message)}
            {...form.register('pricing_type')}
          >
            <option value="fixed">Fixed price</option>
            <option value="hourly">Hourly</option>
          </NativeSelect>
        </FormField>
        <FormField id={`${id}-budget`} label="Budget (USD, optional)" error={errors.budget?.message}>
          <Input
            type="number"
            step="0.01"
            min="0"
            {...fieldErrorProps(`${id}-budget`, errors.budget?.message)}
            {...form.register('budget')}
          />
        </FormField>
      </div>
      <ImageField
        kind="request"
        value={imageUrl}
        onChange={(url) => form.setValue('image_url', url, { shouldDirty: true })}
        onBusyChange={setUploading}
        successMessage={SERVICE_MESSAGES.imageUploaded}
        failureMessage={SERVICE_MESSAGES.imageFailed}
        previewAlt="Request"
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={isSubmitting || uploading}>
          {isSubmitting ? 'Submitting...' : submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
