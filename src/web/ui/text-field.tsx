import type { ComponentProps, ReactNode } from 'react';
import { fieldErrorProps, FormField } from './form-field';
import { Input } from './input';
import { Textarea } from './textarea';

/** A labelled text input holding its value in the caller's state, with its error tied to it for screen readers. */
export function TextField({
  id,
  label,
  error,
  value,
  onValueChange,
  ...input
}: {
  id: string;
  label: ReactNode;
  error?: string;
  value: string;
  onValueChange(value: string): void;
} & Omit<ComponentProps<typeof Input>, 'id' | 'value' | 'onChange'>) {
  return (
    <FormField id={id} label={label} error={error}>
      <Input {...input} {...fieldErrorProps(id, error)} value={value} onChange={(e) => onValueChange(e.target.value)} />
    </FormField>
  );
}

/** The same for a multi-line text. */
export function TextAreaField({
  id,
  label,
  error,
  value,
  onValueChange,
  ...textarea
}: {
  id: string;
  label: ReactNode;
  error?: string;
  value: string;
  onValueChange(value: string): void;
} & Omit<ComponentProps<typeof Textarea>, 'id' | 'value' | 'onChange'>) {
  return (
    <FormField id={id} label={label} error={error}>
      <Textarea
        {...textarea}
        {...fieldErrorProps(id, error)}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
      />
    </FormField>
  );
}
