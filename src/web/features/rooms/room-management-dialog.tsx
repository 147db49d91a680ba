import { AlertTriangle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ROOM_MESSAGES, roomFieldsSchema, type RoomFields } from '../../../domain/rooms';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { useSchemaForm } from '../../lib/schema-form';
import { Button } from '../../ui/button';
import { Dialog, DialogContent } from '../../ui/dialog';
import { useRoomMutations, type RoomDetails } from './api-rooms';
import { RoomPrivacySwitch, RoomTextFields, type RoomFormFields } from './room-management-fields';

const valuesOf = (room: RoomDetails): RoomFormFields => ({
  name: room.name,
  description: room.description,
  isPrivate: room.isPrivate,
});

/**
 * Room Management (spec 3, section 2; the creator only, and the server checks): name, description, privacy with its
 * warning when it would change, and the Danger Zone's delete behind a confirmation. Opens with the saved values.
 */
export function RoomManagementDialog({
  room,
  open,
  onOpenChange,
}: {
  room: RoomDetails;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const mutations = useRoomMutations();
  const deleting = mutations.remove.isPending;
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const close = () => {
    setConfirmingDelete(false);
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : !deleting && close())}>
      <DialogContent
        title="Room Management"
        description="Change this room's details, privacy, or delete it."
        onEscapeKeyDown={(e) => {
          // Escape closes the delete confirmation first, not the whole dialog.
          if (!confirmingDelete) return;
          e.preventDefault();
          if (!deleting) setConfirmingDelete(false);
        }}
      >
        {/* Mounted at each opening (the dialog's content is), so the form starts from what is saved now. */}
        <RoomManagementForm
          room={room}
          mutations={mutations}
          confirmingDelete={confirmingDelete}
          onConfirmingDelete={setConfirmingDelete}
          onClose={close}
        />
      </DialogContent>
    </Dialog>
  );
}

function RoomManagementForm({
  room,
  mutations,
  confirmingDelete,
  onConfirmingDelete: setConfirmingDelete,
  onClose,
}: {
  room: RoomDetails;
  mutations: ReturnType<typeof useRoomMutations>;
  confirmingDelete: boolean;
  onConfirmingDelete(confirming: boolean): void;
  onClose(): void;
}) {
  const navigate = useNavigate();
  const { update, remove } = mutations;
  const form = useSchemaForm<RoomFormFields, RoomFields>(roomFieldsSchema, { defaultValues: valuesOf(room) });
  const [name, isPrivate] = useWatch({ control: form.control, name: ['name', 'isPrivate'] });
  const saving = update.isPending;
  const deleting = remove.isPending;

  const submit = form.handleSubmit((values) => whenSucceeded(update.mutateAsync({ id: room.id, ...values }), onClose));
  const deleteRoom = () =>
    whenSucceeded(remove.mutateAsync({ id: room.id }), () => {
      void navigate('/chat-rooms');
      onClose();
    });

  return (
    <>
      <form className="flex flex-col gap-6" inert={confirmingDelete} noValidate onSubmit={(e) => void submit(e)}>
        <section className="flex flex-col gap-4" aria-labelledby="room-settings-basic">
          <h3 id="room-settings-basic" className="font-semibold">
            Basic Information
          </h3>
          <RoomTextFields idPrefix="room-settings" form={form} nameLabel="Room Name" />
        </section>

        <section className="flex flex-col gap-4" aria-labelledby="room-settings-privacy">
          <h3 id="room-settings-privacy" className="font-semibold">
            Privacy & Access
          </h3>
          <RoomPrivacySwitch id="room-settings-private" form={form} label="Private Room" withStateName />
          {isPrivate !== room.isPrivate && (
            <div
              role="alert"
              className="flex gap-3 rounded-lg border border-amber-500/50 bg-amber-500/10 p-3 text-sm"
              data-testid="privacy-warning"
            >
              <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden />
              <div className="flex flex-col gap-1">
                <p className="font-semibold">{ROOM_MESSAGES.privacyWarningTitle}</p>
                <p>{ROOM_MESSAGES.privacyWarningPrivate}</p>
                <p>{ROOM_MESSAGES.privacyWarningPublic}</p>
              </div>
            </div>
          )}
        </section>

        <section
          className="flex flex-col gap-3 rounded-lg border border-destructive/50 p-4"
          aria-labelledby="room-settings-danger"
        >
          <h3 id="room-settings-danger" className="font-semibold text-destructive">
            Danger Zone
          </h3>
          <div>
            <Button
              type="button"
              variant="destructive"
              size="sm"
              disabled={saving || deleting}
              onClick={() => setConfirmingDelete(true)}
            >
              <Trash2 className="h-4 w-4" aria-hidden /> Delete Room
            </Button>
          </div>
        </section>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" disabled={deleting} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={name.trim() === '' || saving || deleting}>
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>

      {confirmingDelete && (
        <div
          className="absolute inset-0 z-10 flex items-center justify-center rounded-xl bg-background/95 p-6"
          role="alertdialog"
          aria-modal="true"
          aria-labelledby="room-delete-title"
          aria-describedby="room-delete-text"
          onKeyDown={(e) => {
            // Escape closes this overlay, not the whole dialog.
            if (e.key === 'Escape' && !deleting) {
              e.stopPropagation();
              setConfirmingDelete(false);
            }
          }}
        >
          <div className="flex max-w-sm flex-col gap-4">
            <h3 id="room-delete-title" className="text-lg font-semibold text-destructive">
              Delete Room
            </h3>
            <p id="room-delete-text" className="text-sm">
              {ROOM_MESSAGES.deleteConfirm}
            </p>
            <div className="flex justify-end gap-2">
              <Button
                type="button"
                variant="outline"
                disabled={deleting}
                autoFocus
                onClick={() => setConfirmingDelete(false)}
              >
                Cancel
              </Button>
              <Button type="button" variant="destructive" disabled={deleting} onClick={() => void deleteRoom()}>
                {deleting ? ROOM_MESSAGES.deleting : 'Delete Room'}
              </Button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
