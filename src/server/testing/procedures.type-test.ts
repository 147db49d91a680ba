/**
 * Compile-time proof that test calls are typed from the router: `npm run typecheck` fails if any line marked
 * @ts-expect-error stops being an error (a path or input type that widened to string or unknown). Never run.
 */
import type { CallablePath, OutputOf } from './procedures';
import { trpcAs } from './marketplace';
import { callTrpc, type TestApp } from './test-app';

export function typedCallsCompileOnlyAsTheRouterSays(app: TestApp) {
  const { ok, call, callRaw } = trpcAs(app);
  const who = { cookie: '' };

  // @ts-expect-error a renamed or unknown procedure
  void ok(who, 'conversations.sendMessage', { id: 'c', text: 'hi' });
  // @ts-expect-error an input of the wrong shape
  void ok(who, 'conversations.send', { id: 'c', body: 'hi' });
  // @ts-expect-error a required input left out
  void call(who, 'conversations.send');
  // @ts-expect-error a subscription is not an HTTP call
  void call(who, 'conversations.events', { id: 'c' });
  // @ts-expect-error the same checks through callTrpc
  void callTrpc(app, 'services.create', { input: { title: 'x' } });

  // The output is inferred: no casts at the call site.
  const opened: Promise<OutputOf<'conversations.request'>> = ok(who, 'conversations.request', { serviceId: 's' });
  const path: CallablePath = 'accounts.me';
  // The escape hatch takes anything, by name: for the security battery only.
  void callRaw(who, 'conversations.send', { id: 'c', kind: 'admin_reset' });
  return { opened, path };
}
