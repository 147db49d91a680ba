import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { DELIVERY_METHODS, EXPERTISE_LEVELS, PRICING_TYPES, SERVICE_MESSAGES } from '../../../domain/services';
import { editServiceSchema, offerServiceSchema, type OfferServiceInput } from '../../../domain/service-schemas';
import { Button } from '../../ui/button';
import { CategorySelect } from '../../ui/category-select';
import { fieldErrorProps, FormField } from '../../ui/form-field';
import { ImageField } from '../../ui/image-field';
import { Input } from '../../ui/input';
import { NativeSelect } from '../../ui/native-select';
import { TitleDescriptionFields } from '../../ui/title-description-fields';
import { LocationPicker } from './location-picker';

/** The form's values: the price box starts empty rather than at a made-up 0, so it may hold no number yet. */
export type ServiceFormValues = Omit<OfferServiceInput, 'price'> & { price: number | undefined };

const DELIVERY_LABELS = { virtual: 'Virtual', 'in-person': 'In person', both: 'Both (virtual or in person)' } as const;

/** The Offer a Service form, also used to edit (with the edit rules). */
export function ServiceForm({
  mode,
  initial,
  onSubmit,
  onCancel,
}: {
  mode: 'offer' | 'edit';
  initial: ServiceFormValues;
  /** The values as the schema parsed them: a price is there by then. */
  onSubmit(values: OfferServiceInput): Promise<void>;
  onCancel?(): void;
}) {
  const id = useId();
  const form = useForm<ServiceFormValues, unknown, OfferServiceInput>({
    resolver: zodResolver(mode === 'offer' ? offerServiceSchema : editServiceSchema) as never,
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;
  const delivery = useWatch({ control: form.control, name: 'delivery_method' });
  // Virtual clears the location, so a half-set one cannot block the form while hidden.
  useEffect(() => {
    if (delivery === 'virtual') form.setValue('service_location', null);
  }, [delivery, form]);
  const imageUrl = useWatch({ control: form.control, name: 'image_url' });
  const [uploading, setUploading] = useState(false);

  // The schema's parse clears a virtual service's location, and an empty price fails it with the spec's message.
  const submit = form.handleSubmit(
    async (values) => {
      await onSubmit(values);
    },
    (invalid) => {
      if (invalid.service_location) toast.error(SERVICE_MESSAGES.locationToast);
    },
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-5"
      aria-label={mode === 'offer' ? 'Offer a Service' : 'Edit Service'}
    >
      <TitleDescriptionFields
        idPrefix={id}
        title={form.register('title')}
        description={form.register('description')}
        errors={{ title: errors.title?.message, description: errors.description?.message }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-category`} label="Category" error={errors.category_id?.message}>
          <CategorySelect
            {...fieldErrorProps(`${id}-category`, errors.category_id?.message)}
            {...form.register('category_id')}
          />
        </FormField>
        {mode === 'offer' && (
          <FormField id={`${id}-expertise`} label="Expertise level">
            <NativeSelect id={`${id}-expertise`} {...form.register('expertiseLevel')}>
              {EXPERTISE_LEVELS.map((l) => (
                <option key={l} value={l}>
                  {l[0]!.toUpperCase() + l.slice(1)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        )}
        <FormField id={`${id}-price`} label="Price (USD)" error={errors.price?.message}>
          <Input
            type="number"
            step="0.01"
            min="0"
            {...fieldErrorProps(`${id}-price`, errors.price?.message)}
            {...form.register('price', { valueAsNumber: true })}
          />
        </FormField>
        <FormField id={`${id}-pricing`} label="Pricing type">
          <NativeSelect id={`${id}-pricing`} {...form.register('pricing_type')}>
            {PRICING_TYPES.map((t) => (
              <option key={t} value={t}>
                {t === 'fixed' ? 'Fixed price' : 'Hourly'}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={`${id}-delivery`} label="Delivery method" error={errors.delivery_method?.message}>
          <NativeSelect
            {...fieldErrorProps(`${id}-delivery`, errors.delivery_method?.message)}
            {...form.register('delivery_method')}
          >
            {DELIVERY_METHODS.map((m) => (
              <option key={m} value={m}>
                {DELIVERY_LABELS[m]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      {delivery !== 'virtual' && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">Service location</legend>
          <Controller
            control={form.control}
            name="service_location"
            render={({ field }) => <LocationPicker value={field.value ?? null} onChange={field.onChange} />}
          />
          {(errors.service_location?.message || errors.service_location?.radius?.message) && (
            <p className="text-sm text-destructive">
              {errors.service_location?.radius?.message ?? errors.service_location?.message}
            </p>
          )}
        </fieldset>
      )}
      <ImageField
        kind="service"
        value={imageUrl}
        onChange={(url) => form.setValue('image_url', url, { shouldDirty: true })}
        onBusyChange={setUploading}
        successMessage={SERVICE_MESSAGES.imageUploaded}
        failureMessage={SERVICE_MESSAGES.imageFailed}
        previewAlt="Service"
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={isSubmitting || uploading}>
          {isSubmitting ? 'Saving...' : mode === 'offer' ? 'Offer Service' : 'Save Changes'}
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
