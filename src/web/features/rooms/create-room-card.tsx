import { Plus } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { roomFieldsSchema, type RoomFields } from '../../../domain/rooms';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { useSchemaForm } from '../../lib/schema-form';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { useRoomMutations } from './api-rooms';
import { RoomPrivacySwitch, RoomTextFields, type RoomFormFields } from './room-management-fields';

const EMPTY: RoomFormFields = { name: '', description: '', isPrivate: false };

/**
 * The room creation form (spec 3, section 2): name, optional description, private or public. Submit waits for a
 * name; a created room opens at once, where its Invite button adds people (the spec's add-user button after a
 * private room is created).
 */
export function CreateRoomCard() {
  const navigate = useNavigate();
  const { create } = useRoomMutations();
  const form = useSchemaForm<RoomFormFields, RoomFields>(roomFieldsSchema, { defaultValues: EMPTY });
  const name = useWatch({ control: form.control, name: 'name' });
  const busy = create.isPending;
  const submit = form.handleSubmit((values) =>
    whenSucceeded(create.mutateAsync(values), (room) => {
      form.reset(EMPTY);
      void navigate(`/chat-rooms/${room.id}`);
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create a Chat Room</CardTitle>
        <CardDescription>Start a room for a subject, a project or a club.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => void submit(e)}
          aria-label="Create a chat room"
        >
          <RoomTextFields idPrefix="create-room" form={form} nameLabel="Room name" />
          <RoomPrivacySwitch id="create-room-private" form={form} label="Private room" />
          <Button type="submit" className="self-start" disabled={name.trim() === '' || busy}>
            <Plus className="h-4 w-4" aria-hidden /> {busy ? 'Creating...' : 'Create Room'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
