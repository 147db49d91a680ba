import { TRPCClientError } from '@trpc/client';
import { toast } from './toast';
import { UploadError } from './upload';

/** A call that never reached the server (offline, refused), as opposed to one the server answered with an error. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof Error && /fetch|network/i.test(error.message);
}

/**
 * The reason the server gave for refusing, when it gave one a user can act on. A call that never arrived (no
 * answer to read) and an internal failure (a generic text) have none.
 */
export function serverReason(error: unknown): string | undefined {
  if (error instanceof UploadError) return error.message || undefined;
  if (!(error instanceof TRPCClientError)) return undefined;
  const data = (error as TRPCClientError<never>).data as { code?: string } | null | undefined;
  if (!data || data.code === 'INTERNAL_SERVER_ERROR') return undefined;
  return error.message || undefined;
}

/**
 * The spec's failure toast, whatever went wrong (network failures included), with the server's reason, if any,
 * below it: the title stays the spec's text so every failure of one action reads the same.
 */
export function toastFailure(title: string, error: unknown, fallbackReason?: string): void {
  const reason = serverReason(error) ?? fallbackReason;
  toast.error(title, reason && reason !== title ? { description: reason } : undefined);
}
