import { type FieldValues, type Path, type UseFormRegisterReturn, type UseFormReturn, useWatch } from 'react-hook-form';
import { fieldErrorProps, FormField } from '../../ui/form-field';
import { PasswordInput } from '../../ui/password-input';
import { PasswordRequirements, requirementsId } from './password-requirements';

/**
 * A password being chosen (sign-up, change password): the input with its show toggle, then the requirements ticking
 * as it is typed. Its errors show in the requirements only, never a second time under the input.
 */
export function NewPasswordField({
  id,
  label,
  password,
  error,
  submitted,
  registration,
}: {
  id: string;
  label: string;
  password: string;
  error: string | undefined;
  submitted: boolean;
  registration: UseFormRegisterReturn;
}) {
  const showsRequirements = Boolean(password) || submitted;
  return (
    <div className="flex flex-col gap-2">
      <FormField id={id} label={label}>
        <PasswordInput
          id={id}
          autoComplete="new-password"
          aria-invalid={error ? true : undefined}
          aria-describedby={showsRequirements ? requirementsId(id) : undefined}
          {...registration}
        />
      </FormField>
      <PasswordRequirements fieldId={id} password={password} error={error} submitted={submitted} />
    </div>
  );
}

type NewPasswordForm = FieldValues & { newPassword: string; confirmPassword: string };

/**
 * A new password and its confirmation (changing a password, resetting one): the same two fields, rules and messages
 * wherever a member chooses a password again. `idPrefix` keeps the ids unique on a page.
 */
export function NewPasswordFields<T extends NewPasswordForm>({
  form,
  idPrefix,
}: {
  form: UseFormReturn<T>;
  idPrefix: string;
}) {
  // The form's own field names: T is any form holding these two (its other fields are not touched here).
  const newName = 'newPassword' as Path<T>;
  const confirmName = 'confirmPassword' as Path<T>;
  const { errors, isSubmitted } = form.formState;
  const newPassword = useWatch({ control: form.control, name: newName }) as string;
  const confirmId = `${idPrefix}confirm-password`;
  const confirmError = errors.confirmPassword?.message as string | undefined;
  return (
    <>
      <NewPasswordField
        id={`${idPrefix}new-password`}
        label="New password"
        password={newPassword}
        error={errors.newPassword?.message as string | undefined}
        submitted={isSubmitted}
        registration={form.register(newName)}
      />
      <FormField id={confirmId} label="Confirm new password" error={confirmError}>
        <PasswordInput
          autoComplete="new-password"
          {...fieldErrorProps(confirmId, confirmError)}
          {...form.register(confirmName)}
        />
      </FormField>
    </>
  );
}
