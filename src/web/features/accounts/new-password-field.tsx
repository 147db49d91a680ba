import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../ui/form-field';
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
