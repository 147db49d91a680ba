import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { ImagePlay } from 'lucide-react';
import { useEffect, useState } from 'react';
import { MEDIA_MESSAGES } from '../../../domain/rooms';
import type { AppRouter } from '../../../server/router';
import { appCodeOf } from '../../lib/app-error';
import { useTRPC } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { Dialog, DialogContent } from '../../ui/dialog';
import { Input } from '../../ui/input';

/** A GIF as roomMedia.gifs answers (spec 3, section 3: id, original url, small preview url, title). */
export type Gif = inferRouterOutputs<AppRouter>['roomMedia']['gifs'][number];

const SEARCH_DELAY_MS = 400;

/** Trending when the search is blank, else the search, asked once the typing pauses. */
function useGifs(q: string, enabled: boolean) {
  const trpc = useTRPC();
  const [debounced, setDebounced] = useState(q);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(q.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [q]);
  const input = debounced ? { type: 'search' as const, q: debounced } : { type: 'trending' as const };
  return useQuery({ ...trpc.roomMedia.gifs.queryOptions(input), enabled, retry: false, staleTime: 5 * 60_000 });
}

/**
 * The GIF tab of the composer: trending GIFs, or a search (24 per request, through the server). Without a Giphy key
 * the server answers GIFS_NOT_CONFIGURED and the tab says so.
 */
export function GifPicker({ onPick, disabled }: { onPick(gif: Gif): void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const gifs = useGifs(q, open);
  const notConfigured = appCodeOf(gifs.error) === 'GIFS_NOT_CONFIGURED';
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label="Add a GIF"
        title="Add a GIF"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        <ImagePlay className="h-5 w-5" aria-hidden />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="GIFs" className="max-w-xl">
          <Input
            aria-label="Search GIFs"
            placeholder="Search GIFs"
            value={q}
            maxLength={100}
            onChange={(e) => setQ(e.target.value)}
          />
          {gifs.isPending ? (
            <p role="status" className="text-sm text-muted-foreground">
              Loading...
            </p>
          ) : gifs.isError ? (
            <p role="alert" className="text-sm text-muted-foreground">
              {notConfigured
                ? MEDIA_MESSAGES.gifNotConfigured
                : q.trim()
                  ? MEDIA_MESSAGES.searchFailed
                  : MEDIA_MESSAGES.trendingFailed}
            </p>
          ) : (
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="GIF results">
              {gifs.data.map((gif) => (
                <li key={gif.id}>
                  <button
                    type="button"
                    className="block w-full overflow-hidden rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    aria-label={gif.title || 'GIF'}
                    onClick={() => {
                      onPick(gif);
                      setOpen(false);
                    }}
                  >
                    <img src={gif.previewUrl} alt="" loading="lazy" className="aspect-square w-full object-cover" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
