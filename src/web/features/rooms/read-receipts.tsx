import { avatarVariantUrl } from '../../../domain/files';
import { receiptsSummary } from '../../../domain/rooms';
import { displayName, initials } from '../../../domain/user-summary';
import { Tooltip } from '../../ui/tooltip';
import type { RoomReceipt } from './api-messages';

const AVATAR_PX = 18;

/**
 * Who read one of the viewer's own messages (spec 3, section 9): up to 3 avatars then +n, and a tooltip naming up to
 * 3 then "and n others". The page knows the first readers by name and the total by count.
 */
export function ReadReceipts({ receipts, count }: { receipts: RoomReceipt[]; count: number }) {
  const total = Math.max(count, receipts.length);
  if (total === 0) return null;
  const names = receipts.map((r) => displayName({ firstName: r.firstName }));
  // receiptsSummary counts the readers it is given: the unnamed ones are counted, never named.
  const { shown, more, tooltip } = receiptsSummary([...names, ...Array<string>(total - names.length).fill('')]);
  return (
    <Tooltip content={tooltip} side="top">
      <span
        tabIndex={0}
        role="img"
        aria-label={tooltip}
        data-testid="read-receipts"
        className="inline-flex items-center gap-0.5 rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {receipts.slice(0, shown).map((r) =>
          r.avatarUrl ? (
            <img
              key={r.userId}
              src={avatarVariantUrl(r.avatarUrl, 32)}
              alt=""
              width={AVATAR_PX}
              height={AVATAR_PX}
              className="rounded-full object-cover ring-1 ring-background"
            />
          ) : (
            <span
              key={r.userId}
              aria-hidden
              className="flex items-center justify-center rounded-full bg-muted text-[9px] font-semibold text-muted-foreground ring-1 ring-background"
              style={{ width: AVATAR_PX, height: AVATAR_PX }}
            >
              {initials({ firstName: r.firstName })}
            </span>
          ),
        )}
        {more > 0 && (
          <span aria-hidden className="ml-0.5 text-xs text-muted-foreground">
            +{more}
          </span>
        )}
      </span>
    </Tooltip>
  );
}
