import { MessagesSquare } from 'lucide-react';
import { ROOM_MESSAGES } from '../../../domain/rooms';
import { Button } from '../../ui/button';
import { LoadMoreButton } from '../../ui/load-more-button';
import { PageContainer } from '../../ui/page';
import { useRoomsListing } from './api-rooms';
import { CreateRoomCard } from './create-room-card';
import { RoomCard } from './room-card';

/** /chat-rooms: the create-room card and the grid of rooms, newest first (spec 3, section 2). */
export function RoomsPage() {
  const listing = useRoomsListing();
  const rooms = listing.query;
  return (
    <PageContainer>
      <div className="flex items-center gap-3">
        <MessagesSquare className="h-7 w-7 text-primary" aria-hidden />
        <h1 className="text-2xl font-bold">Chat Rooms</h1>
      </div>
      <CreateRoomCard />
      <section aria-labelledby="rooms-grid-title" className="flex flex-col gap-4">
        <h2 id="rooms-grid-title" className="text-lg font-semibold">
          All Rooms
        </h2>
        {rooms.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading chat rooms...
          </p>
        ) : rooms.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/50 p-4">
            <p className="text-destructive">{ROOM_MESSAGES.loadFailed(rooms.error.message)}</p>
            <Button variant="outline" onClick={() => window.location.reload()}>
              Try Again
            </Button>
          </div>
        ) : listing.rooms.length === 0 ? (
          <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{ROOM_MESSAGES.empty}</p>
        ) : (
          <>
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {listing.rooms.map((room) => (
                <li key={room.id} className="flex">
                  <RoomCard room={room} />
                </li>
              ))}
            </ul>
            <LoadMoreButton listing={listing} />
          </>
        )}
      </section>
    </PageContainer>
  );
}
