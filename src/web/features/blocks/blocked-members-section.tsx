import { Ban } from 'lucide-react';
import { BLOCK_MESSAGES, blockName } from '../../../domain/blocks';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { UserAvatar } from '../../ui/user-avatar';
import { useBlockedList, useBlockMutations } from './api';

/** Settings' "Blocked members": whom the member blocked, newest first, each with Unblock. */
export function BlockedMembersSection() {
  const list = useBlockedList();
  const { unblock } = useBlockMutations();
  const members = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Ban className="h-5 w-5" aria-hidden />
          {BLOCK_MESSAGES.listHeading}
        </CardTitle>
        <CardDescription>{BLOCK_MESSAGES.listIntro}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3" data-testid="blocked-members">
        {list.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading...
          </p>
        ) : list.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {BLOCK_MESSAGES.listFailed}
          </p>
        ) : members.length === 0 ? (
          <p className="text-sm text-muted-foreground">{BLOCK_MESSAGES.listEmpty}</p>
        ) : (
          <ul className="flex flex-col divide-y">
            {members.map((member) => {
              const name = blockName(member);
              return (
                <li key={member.userId} className="flex items-center gap-3 py-2">
                  <UserAvatar {...member} size="sm" />
                  <span className="min-w-0 flex-1 truncate">{name}</span>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={BLOCK_MESSAGES.unblockMember(name)}
                    disabled={unblock.isPending && unblock.variables?.userId === member.userId}
                    onClick={() => unblock.mutate({ userId: member.userId })}
                  >
                    {BLOCK_MESSAGES.unblock}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        {list.hasNextPage && (
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {BLOCK_MESSAGES.loadMore}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
