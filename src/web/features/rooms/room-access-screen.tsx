import { Lock } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ROOM_MESSAGES } from '../../../domain/rooms';
import { Button } from '../../ui/button';
import { PageMessage } from '../../ui/page';

/** A private room the viewer may not read (spec 3, section 2): the refusal and a way back. */
export function RoomAccessScreen() {
  const navigate = useNavigate();
  return (
    <PageMessage>
      <Lock className="h-10 w-10 text-muted-foreground" aria-hidden />
      <h1 className="text-xl font-semibold">{ROOM_MESSAGES.noAccess}</h1>
      <Button
        onClick={() => {
          // Back where they came from; straight to the rooms list when this page was opened directly.
          if (window.history.state?.idx > 0) void navigate(-1);
          else void navigate('/chat-rooms');
        }}
      >
        Go back
      </Button>
    </PageMessage>
  );
}
