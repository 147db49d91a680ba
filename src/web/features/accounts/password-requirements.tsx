import { passwordStrengthError } from '../../../domain/auth';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert';

/** The first password-strength rule not met, in the spec's Password Requirements alert. */
export function PasswordRequirements({ password, show }: { password: string; show: boolean }) {
  const problem = show ? passwordStrengthError(password) : null;
  if (!problem) return null;
  return (
    <Alert variant="destructive">
      <AlertTitle>Password Requirements</AlertTitle>
      <AlertDescription>{problem}</AlertDescription>
    </Alert>
  );
}
