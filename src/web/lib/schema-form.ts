import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type FieldPath,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form form validated by one of the shared schemas of src/domain (the one the server parses with).
 * The submit handler receives the parsed values, as the server would see them. Errors show after a submit and each
 * goes as soon as its field changes (`clearingOnChange`), and the form does not move the focus: that is how the
 * hand-written forms behaved before.
 */
export function useSchemaForm<TFields extends FieldValues, TParsed = TFields>(
  schema: z.ZodType<TParsed>,
  options: Omit<UseFormProps<TFields, unknown, TParsed>, 'resolver'>,
): UseFormReturn<TFields, unknown, TParsed> {
  return useForm<TFields, unknown, TParsed>({
    // The schemas' input types are looser than the fields' (numbers typed as text): the schema decides.
    resolver: zodResolver(schema as never) as never,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    ...options,
  });
}

/** Registers a field whose error goes away as soon as it changes. */
export function clearingOnChange<TFields extends FieldValues>(
  form: UseFormReturn<TFields, unknown, unknown>,
  name: FieldPath<TFields>,
): UseFormRegisterReturn<FieldPath<TFields>> {
  return form.register(name, { onChange: () => form.clearErrors(name) });
}
