import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/**
 * A table that scrolls sideways on a phone instead of squeezing its columns (the admin pages' tables). The scroll box
 * takes focus, so a keyboard can scroll it too (axe: scrollable-region-focusable); its name is the table's label.
 */
export function DataTable({
  label,
  headers,
  children,
  minWidth = 'min-w-[32rem]',
}: {
  label: string;
  headers: readonly string[];
  children: ReactNode;
  /** A Tailwind min-width for the table: wider tables scroll sooner. */
  minWidth?: string;
}) {
  return (
    <div
      className="overflow-x-auto rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      role="region"
      aria-label={`${label} table`}
      tabIndex={0}
    >
      <table className={cn('w-full text-left text-sm', minWidth)}>
        <thead className="border-b text-muted-foreground">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="p-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
