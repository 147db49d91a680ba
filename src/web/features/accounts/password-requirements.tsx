import { Check, Circle, X } from 'lucide-react';
import { PASSWORD_RULES } from '../../../domain/auth';
import { cn } from '../../lib/cn';

const RULE_MESSAGES = new Set(PASSWORD_RULES.map((rule) => rule.message));

/** The id of the requirements list of a password field: its input is described by it. */
export const requirementsId = (fieldId: string) => `${fieldId}-requirements`;

/**
 * The spec's Password Requirements, every strength rule ticking as it is met while the password is typed. It is the
 * password field's only error display: after a refused submit it becomes an alert with the field's error at its top
 * (unless that error is already one of its rules), so no message shows twice.
 */
export function PasswordRequirements({
  fieldId,
  password,
  error,
  submitted,
}: {
  fieldId: string;
  password: string;
  /** The field's validation error, if any. */
  error: string | undefined;
  submitted: boolean;
}) {
  if (!password && !submitted) return null;
  const failed = Boolean(error);
  const summary = error && !RULE_MESSAGES.has(error) ? error : null;
  return (
    <div
      id={requirementsId(fieldId)}
      // A new element when the failure starts, so screen readers announce the alert as it appears.
      key={failed ? 'failed' : 'typing'}
      role={failed ? 'alert' : undefined}
      className={cn('rounded-lg border p-3 text-sm', failed && 'border-destructive/50')}
    >
      <p className={cn('mb-2 font-semibold', failed && 'text-destructive')}>Password Requirements</p>
      {summary && <p className="mb-2 text-destructive">{summary}</p>}
      <ul className="flex flex-col gap-1.5">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          const Icon = met ? Check : failed ? X : Circle;
          return (
            <li
              key={rule.message}
              data-met={met}
              className={cn(
                'flex items-start gap-2',
                met ? 'text-green-700 dark:text-green-400' : failed ? 'text-destructive' : 'text-muted-foreground',
              )}
            >
              <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <span>
                {rule.message}
                <span className="sr-only">{met ? ' (met)' : ' (not met)'}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
