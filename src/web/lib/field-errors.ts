import type { z } from 'zod';

/** The first message for each top-level field of a failed parse: forms show one error under each field. */
export function firstErrorPerField<K extends string>(error: z.ZodError): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const issue of error.issues) errors[issue.path[0] as K] ??= issue.message;
  return errors;
}
