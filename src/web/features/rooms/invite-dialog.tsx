import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import { MEMBER_MESSAGES, ROOM_LIMITS } from '../../../domain/rooms';
import { displayName } from '../../../domain/user-summary';
import { Button } from '../../ui/button';
import { Dialog, DialogContent } from '../../ui/dialog';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { UserRow } from '../../ui/user-row';
import { useAddMember, useRoomMembers, useUserSearch } from './api-rooms';

/** How long typing rests before the search is asked. */
const SEARCH_DEBOUNCE_MS = 300;
/** The search input's limit: the server's. */
const SEARCH_MAX = 100;

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The Invite dialog (spec 3, section 2): people by first or last name, partial; the server leaves out the viewer and
 * answers at most 50. Add puts them in the room; who is already in shows as a member.
 */
export function InviteDialog({
  roomId,
  open,
  onOpenChange,
}: {
  roomId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const [query, setQuery] = useState('');
  const search = useDebounced(query, SEARCH_DEBOUNCE_MS);
  const results = useUserSearch(open ? search : '');
  const members = useRoomMembers(roomId, open);
  const add = useAddMember(roomId);
  const memberIds = new Set((members.data ?? []).map((m) => m.userId));
  const searching = search.trim().length > 0;
  // Without the room's members the dialog cannot tell who is in already (spec 3, section 8: "Failed to load users").
  const membersFailed = open && members.isError;
  const [checking, setChecking] = useState<string | null>(null);

  /**
   * Add, once it is known the person is not in the room yet: when the members list failed, it is asked again first
   * (the spec's membership check before adding); still failing, "Failed to check membership status" and nothing is
   * sent. The server checks membership again whatever the dialog knew.
   */
  async function addUser(userId: string) {
    let ids = memberIds;
    if (members.isError) {
      setChecking(userId);
      const again = await members.refetch().finally(() => setChecking(null));
      if (again.isError || !again.data) {
        toast.error(MEMBER_MESSAGES.membershipCheckFailed);
        return;
      }
      ids = new Set(again.data.map((m) => m.userId));
    }
    if (ids.has(userId)) {
      toast.error(MEMBER_MESSAGES.alreadyMember);
      return;
    }
    add.mutate({ id: roomId, userId });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setQuery('');
      }}
    >
      <DialogContent title="Invite Users" description="Search by first or last name and add people to this room.">
        <div className="flex flex-col gap-2">
          <Label htmlFor="invite-search">Search users</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              id="invite-search"
              type="search"
              className="pl-9"
              placeholder="First or last name"
              autoComplete="off"
              maxLength={SEARCH_MAX}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
        </div>
        {membersFailed && (
          <div role="alert" className="flex items-center gap-2 text-sm text-destructive">
            <span className="flex-1">{MEMBER_MESSAGES.loadUsersFailed}</span>
            <Button size="sm" variant="outline" disabled={members.isFetching} onClick={() => void members.refetch()}>
              Try Again
            </Button>
          </div>
        )}
        <div className="min-h-24" aria-live="polite">
          {!searching ? (
            <p className="text-sm text-muted-foreground">Type a name to find people.</p>
          ) : results.isError ? (
            <p className="text-sm text-destructive" role="alert">
              {MEMBER_MESSAGES.searchFailed}
            </p>
          ) : results.isPending ? (
            <p className="text-sm text-muted-foreground" role="status">
              Searching...
            </p>
          ) : results.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">No users found</p>
          ) : (
            <>
              <ul className="flex max-h-80 flex-col gap-1 overflow-y-auto" data-testid="invite-results">
                {results.data.map((user) => {
                  const name = displayName(user);
                  const isMember = memberIds.has(user.id);
                  const adding = checking === user.id || (add.isPending && add.variables.userId === user.id);
                  return (
                    <UserRow
                      key={user.id}
                      user={{ ...user, userId: user.id }}
                      details={user.bio && <p className="truncate text-xs text-muted-foreground">{user.bio}</p>}
                      action={
                        isMember ? (
                          <span className="text-xs text-muted-foreground">Member</span>
                        ) : (
                          <Button
                            size="sm"
                            disabled={adding}
                            aria-label={`Add ${name}`}
                            onClick={() => void addUser(user.id)}
                          >
                            {adding ? 'Adding...' : 'Add'}
                          </Button>
                        )
                      }
                    />
                  );
                })}
              </ul>
              {results.data.length >= ROOM_LIMITS.userSearchResults && (
                <p className="mt-2 text-xs text-muted-foreground">
                  Showing the first {ROOM_LIMITS.userSearchResults}: type more of the name to narrow it.
                </p>
              )}
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
