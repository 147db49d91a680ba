import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldErrorProps, FormField } from './form-field';
import { Input } from './input';
import { Textarea } from './textarea';

/** The Title and Description pair every listing form (service, request) opens with. */
export function TitleDescriptionFields({
  idPrefix,
  title,
  description,
  errors,
}: {
  idPrefix: string;
  title: UseFormRegisterReturn;
  description: UseFormRegisterReturn;
  errors: { title?: string; description?: string };
}) {
  return (
    <>
      <FormField id={`${idPrefix}-title`} label="Title" error={errors.title}>
        <Input {...fieldErrorProps(`${idPrefix}-title`, errors.title)} {...title} />
      </FormField>
      <FormField id={`${idPrefix}-description`} label="Description" error={errors.description}>
        <Textarea rows={5} {...fieldErrorProps(`${idPrefix}-description`, errors.description)} {...description} />
      </FormField>
    </>
  );
}
