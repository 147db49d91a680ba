import { TRPCClientError } from '@trpc/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withFeedback, type MutationFeedback } from './mutation-feedback';

// The toasts a user would see, recorded instead of drawn (there is no page in a unit test).
const shown = vi.hoisted(() => [] as { kind: string; text: string; description?: string }[]);
vi.mock('./toast', () => ({
  toast: {
    error: (text: string, options?: { description?: string }) =>
      shown.push({ kind: 'error', text, description: options?.description }),
    success: (text: string) => shown.push({ kind: 'success', text }),
  },
}));

/** A refusal as the tRPC client hands it over: the server's text and the data our error formatter adds. */
function refusal(message: string, data: { code: string; httpStatus: number; appCode?: string }) {
  return new TRPCClientError(message, { result: { error: { code: -32000, message, data } } } as never);
}
const signedOut = () =>
  refusal('You must be signed in to do that.', { code: 'UNAUTHORIZED', httpStatus: 401, appCode: 'UNAUTHENTICATED' });
const roomGone = () =>
  refusal('Chat room not found', { code: 'NOT_FOUND', httpStatus: 404, appCode: 'ROOM_NOT_FOUND' });
/** A call that never reached the server (a school network dropping it). */
const dropped = () => new TRPCClientError('Failed to fetch');

/** Runs a mutation's failure as TanStack Query would, with what was sent. */
function fail<V>(feedback: MutationFeedback<unknown, V>, error: unknown, variables: V) {
  withFeedback<unknown, unknown, V, unknown>({}, feedback).onError?.(error, variables, undefined, {} as never);
}

beforeEach(() => {
  shown.length = 0;
});

describe('withFeedback', () => {
  it('says the spec text with the server reason below it by default', () => {
    fail(
      { failure: 'Failed to add member' },
      refusal('Unable to add user', { code: 'FORBIDDEN', httpStatus: 403 }),
      {},
    );
    expect(shown).toEqual([{ kind: 'error', text: 'Failed to add member', description: 'Unable to add user' }]);
  });

  it('a signed-out refusal says the action own signed-out text alone', () => {
    const feedback = {
      failure: 'Failed to create chat room',
      signedOut: 'You must be logged in to create a chat room',
    };
    fail(feedback, signedOut(), {});
    expect(shown).toEqual([
      { kind: 'error', text: 'You must be logged in to create a chat room', description: undefined },
    ]);
  });

  it('a signed-out text also wins over a failure that tells itself', () => {
    const failure = vi.fn();
    fail({ failure, signedOut: 'Authentication required' }, signedOut(), { action: 'kick' });
    expect(failure).not.toHaveBeenCalled();
    expect(shown.map((t) => t.text)).toEqual(['Authentication required']);
  });

  it('an unauthorized answer without an app code (the socket refusing) counts as signed out', () => {
    fail(
      { failure: 'Failed to edit message', signedOut: 'You must be signed in to edit messages' },
      refusal('x', { code: 'UNAUTHORIZED', httpStatus: 401 }),
      {},
    );
    expect(shown.map((t) => t.text)).toEqual(['You must be signed in to edit messages']);
  });

  it('without a signed-out text, a signed-out refusal is an ordinary failure', () => {
    fail({ failure: 'Failed to delete chat room', reason: 'none' }, signedOut(), {});
    expect(shown.map((t) => t.text)).toEqual(['Failed to delete chat room']);
  });

  it('words a refusal by its code where the spec words it differently, for texts and for telling functions', () => {
    const reasons = { ROOM_NOT_FOUND: 'Room not found' };
    fail({ failure: 'Failed to send message', reasons }, roomGone(), {});
    fail({ failure: 'Failed to send message', reason: 'instead', reasons }, roomGone(), {});
    const failure = vi.fn();
    fail({ failure, reasons }, roomGone(), { roomId: 'r' });
    expect(shown).toEqual([
      { kind: 'error', text: 'Failed to send message', description: 'Room not found' },
      { kind: 'error', text: 'Room not found', description: undefined },
    ]);
    expect(failure).toHaveBeenCalledWith(expect.any(TRPCClientError), { roomId: 'r' }, 'Room not found');
  });

  it('a telling failure gets what was sent, and no reason when the call never reached the server', () => {
    const failure = vi.fn();
    fail({ failure }, dropped(), { media: { type: 'gif' } });
    expect(failure).toHaveBeenCalledWith(expect.any(TRPCClientError), { media: { type: 'gif' } }, undefined);
    fail({ failure }, refusal('You are muted in this room', { code: 'FORBIDDEN', httpStatus: 403 }), {});
    expect(failure).toHaveBeenLastCalledWith(expect.any(TRPCClientError), {}, 'You are muted in this room');
  });

  it('keeps the options own error callback after the toast', () => {
    const onError = vi.fn();
    withFeedback({ onError }, { failure: 'Failed' }).onError?.(dropped(), {}, undefined, {} as never);
    expect(shown.map((t) => t.text)).toEqual(['Failed']);
    expect(onError).toHaveBeenCalledOnce();
  });
});
