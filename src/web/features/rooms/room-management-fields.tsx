import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { ROOM_LIMITS, ROOM_MESSAGES } from '../../../domain/rooms';
import { clearingOnChange } from '../../lib/schema-form';
import { fieldErrorProps } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { Switch } from '../../ui/switch';
import { Textarea } from '../../ui/textarea';

/** The room form's fields as typed (roomFieldsSchema parses them: trimmed, limited, blank description empty). */
export type RoomFormFields = { name: string; description: string; isPrivate: boolean };

function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <span id={id} className="text-xs text-muted-foreground tabular-nums">
      {length}/{max}
    </span>
  );
}

/** A text field's label, its count against the limit, the control, and its error. */
function LimitedField({
  id,
  label,
  length,
  max,
  error,
  children,
}: {
  id: string;
  label: string;
  length: number;
  max: number;
  error: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Counter id={`${id}-count`} length={length} max={max} />
      </div>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** Room name (max 50) and description (optional, max 200, 3 rows): the creation card's and Room Management's. */
export function RoomTextFields({
  idPrefix,
  form,
  nameLabel,
}: {
  idPrefix: string;
  form: UseFormReturn<RoomFormFields, unknown, unknown>;
  nameLabel: string;
}) {
  const [name, description] = useWatch({ control: form.control, name: ['name', 'description'] });
  const { errors } = form.formState;
  const nameId = `${idPrefix}-name`;
  const descriptionId = `${idPrefix}-description`;
  return (
    <>
      <LimitedField
        id={nameId}
        label={nameLabel}
        length={name.length}
        max={ROOM_LIMITS.nameMax}
        error={errors.name?.message}
      >
        <Input
          maxLength={ROOM_LIMITS.nameMax}
          autoComplete="off"
          {...fieldErrorProps(nameId, errors.name?.message)}
          {...clearingOnChange(form, 'name')}
        />
      </LimitedField>
      <LimitedField
        id={descriptionId}
        label="Description (optional)"
        length={description.length}
        max={ROOM_LIMITS.descriptionMax}
        error={errors.description?.message}
      >
        <Textarea
          rows={3}
          maxLength={ROOM_LIMITS.descriptionMax}
          className="min-h-0 resize-none"
          {...fieldErrorProps(descriptionId, errors.description?.message)}
          {...clearingOnChange(form, 'description')}
        />
      </LimitedField>
    </>
  );
}

/** The privacy switch with the spec's helper text for the state it is in. */
export function RoomPrivacySwitch({
  id,
  form,
  label,
  withStateName = false,
}: {
  id: string;
  form: UseFormReturn<RoomFormFields, unknown, unknown>;
  label: string;
  /** "Private Room: ..." / "Public Room: ..." (Room Management) rather than the helper alone (creation). */
  withStateName?: boolean;
}) {
  const isPrivate = useWatch({ control: form.control, name: 'isPrivate' });
  const help = isPrivate ? ROOM_MESSAGES.privateRoom : ROOM_MESSAGES.publicRoom;
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="flex flex-col gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-help`} className="text-sm text-muted-foreground">
          {withStateName ? `${isPrivate ? 'Private Room' : 'Public Room'}: ${help}` : help}
        </p>
      </div>
      <Controller
        control={form.control}
        name="isPrivate"
        render={({ field }) => (
          <Switch
            id={id}
            aria-describedby={`${id}-help`}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
          />
        )}
      />
    </div>
  );
}
