import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { cn } from '../lib/cn';
import { Input } from './input';

/**
 * A password input with a Show password / Hide password toggle, so a student typing on a phone can check what they
 * typed. The toggle's name is its text (visually hidden), not an aria-label: `getByLabel('Password')` and screen
 * readers' form-field lists then find the input alone.
 */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<typeof Input>, 'type'>) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <div className="relative">
      <Input {...props} type={visible ? 'text' : 'password'} className={cn('pr-11', className)} />
      <button
        type="button"
        aria-pressed={visible}
        aria-controls={props.id}
        onClick={() => setVisible(!visible)}
        className="absolute inset-y-0 right-0 flex w-10 cursor-pointer items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50"
        disabled={props.disabled}
      >
        <Icon className="h-4 w-4" aria-hidden />
        <span className="sr-only">{visible ? 'Hide password' : 'Show password'}</span>
      </button>
    </div>
  );
}
