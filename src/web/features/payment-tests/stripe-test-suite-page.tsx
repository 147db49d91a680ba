import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { formatPrice } from '../../../domain/money';
import {
  PAYMENT_MESSAGES,
  ROUTING_TEST_AMOUNT,
  routingTestSchema,
  type RoutingTestInput,
} from '../../../domain/payments';
import { groupedCardNumber, TEST_CARDS } from '../../../domain/test-cards';
import { dateTime } from '../../lib/dates';
import { isNetworkError } from '../../lib/network-error';
import { useSchemaForm } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Tabs, TabsContent, TabsList } from '../../ui/tabs';
import { useSession } from '../accounts/api';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { PageContainer, PageMessage } from '../../ui/page';

type Status = 'pending' | 'running' | 'passed' | 'failed' | 'warning';
type CheckName = 'config' | 'intent' | 'fees' | 'routing' | 'webhook';
interface Row {
  name: CheckName;
  label: string;
  status: Status;
  message?: string;
  details?: unknown;
  ms?: number;
}

const CHECKS: { name: CheckName; label: string }[] = [
  { name: 'config', label: 'Configuration reachable' },
  { name: 'intent', label: 'Payment intent creation' },
  { name: 'fees', label: 'Fee breakdown (10% within 2 cents)' },
  { name: 'routing', label: 'Routing to a test connected account' },
  { name: 'webhook', label: 'Webhook received within 3 s' },
];
const STATUS_VARIANT = {
  pending: 'outline',
  running: 'default',
  passed: 'success',
  failed: 'destructive',
  warning: 'warning',
} as const;
const TABS = [
  { value: 'automated', label: 'Automated Tests' },
  { value: 'routing', label: 'Payment Routing' },
  { value: 'manual', label: 'Manual Testing' },
  { value: 'database', label: 'Database State' },
  { value: 'webhooks', label: 'Webhook Logs' },
] as const;

/** /stripe-test-suite (admins, checked by the server): automated and manual checks of the payment set-up. */
export function StripeTestSuitePage() {
  const trpc = useTRPC();
  const { account } = useSession();
  const setup = useQuery({ ...trpc.paymentTests.setup.queryOptions(), retry: false, enabled: Boolean(account) });
  if (!account || setup.isError) {
    return (
      <PageMessage>
        <meta name="robots" content="noindex" />
        <p role="alert" className="text-lg">
          {PAYMENT_MESSAGES.adminRequired}
        </p>
      </PageMessage>
    );
  }
  if (setup.isPending)
    return (
      <p role="status" className="py-20 text-center">
        {PAYMENT_MESSAGES.checkingAccess}
      </p>
    );
  const s = setup.data;
  return (
    <PageContainer>
      <meta name="robots" content="noindex" />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">Payment Test Suite</h1>
        <Badge variant={s.live ? 'destructive' : 'warning'} data-testid="mode-badge">
          {s.live ? 'LIVE MODE' : 'TEST MODE'}
        </Badge>
        {s.mode === 'test' && <span className="text-sm text-muted-foreground">built-in, no Stripe keys</span>}
      </div>
      {s.live && (
        <p role="alert" className="font-medium text-destructive">
          Not in test mode! Using live keys.
        </p>
      )}
      <Tabs defaultValue="automated" className="flex flex-col gap-4">
        <TabsList label="Payment test suite" tabs={TABS} />
        <TabsContent value="automated">
          <AutomatedTests mode={s.mode} />
        </TabsContent>
        <TabsContent value="routing">
          <RoutingTab />
        </TabsContent>
        <TabsContent value="manual">
          <ManualTab />
        </TabsContent>
        <TabsContent value="database">
          <DatabaseTab />
        </TabsContent>
        <TabsContent value="webhooks">
          <WebhookTab url={s.webhookUrl} required={s.requiredEvents} alsoHandled={s.alsoHandled} />
        </TabsContent>
      </Tabs>
    </PageContainer>
  );
}

function AutomatedTests({ mode }: { mode: string }) {
  const trpc = useTRPC();
  const run = useMutation(trpc.paymentTests.runCheck.mutationOptions());
  const [rows, setRows] = useState<Row[]>(CHECKS.map((c) => ({ ...c, status: 'pending' })));
  const [running, setRunning] = useState(false);
  const update = (name: CheckName, patch: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.name === name ? { ...r, ...patch } : r)));

  async function runAll() {
    setRunning(true);
    setRows(CHECKS.map((c) => ({ ...c, status: 'pending' })));
    for (const check of CHECKS) {
      update(check.name, { status: 'running' });
      const started = performance.now();
      try {
        const result = await run.mutateAsync({ check: check.name });
        update(check.name, { ...result, ms: Math.round(performance.now() - started) });
      } catch (error) {
        const unreachable = !(error instanceof Error) || isNetworkError(error);
        update(check.name, {
          status: 'failed',
          message: unreachable ? 'Edge function not responding' : error.message,
          ms: Math.round(performance.now() - started),
        });
      }
    }
    setRunning(false);
    toast.success('Test suite completed!');
  }

  function download() {
    const report = { generatedAt: new Date().toISOString(), mode, results: rows };
    const url = URL.createObjectURL(new Blob([JSON.stringify(report, null, 2)], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `payment-test-report-${report.generatedAt.slice(0, 19).replaceAll(':', '-')}.json`;
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void runAll()} disabled={running}>
          {running ? 'Running...' : 'Run All Tests'}
        </Button>
        <Button variant="outline" onClick={download} disabled={running || rows.every((r) => r.status === 'pending')}>
          Download Report as JSON
        </Button>
      </div>
      <ul className="flex flex-col divide-y rounded-lg border" aria-label="Automated tests">
        {rows.map((r) => (
          <li key={r.name} className="flex flex-wrap items-center gap-3 p-3" data-testid={`check-${r.name}`}>
            <Badge variant={STATUS_VARIANT[r.status]} className="w-20 justify-center">
              {r.status}
            </Badge>
            <span className="font-medium">{r.label}</span>
            {r.message && <span className="text-sm text-muted-foreground">{r.message}</span>}
            {r.ms !== undefined && <span className="ml-auto text-xs text-muted-foreground">{r.ms} ms</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function RoutingTab() {
  const trpc = useTRPC();
  const routing = useMutation(trpc.paymentTests.routing.mutationOptions());
  const form = useSchemaForm<{ amount: number }, RoutingTestInput>(routingTestSchema, {
    defaultValues: { amount: 100 },
  });
  const failed = (reason: string | undefined) => toast.error(`Payment routing test failed: ${reason}`);
  const result = routing.data;
  return (
    <section className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        The client pays the platform; the platform keeps 10% and transfers the rest to the provider&apos;s connected
        account once the work is accepted. This test routes a payment to a fresh test account through your own profile,
        then restores your payout account.
      </p>
      {/* The browser's own number checks (min, step) still come first, as before; the schema's refusals are toasts. */}
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={form.handleSubmit(
          (input) =>
            routing.mutate(input, {
              onSuccess: (r) =>
                r.status === 'failed' ? failed(r.message) : toast.success('Payment routing test completed!'),
              onError: (err) => failed(err.message),
            }),
          (invalid) => failed(invalid.amount?.message),
        )}
      >
        <FormField id="routing-amount" label="Amount (USD)">
          <Input
            id="routing-amount"
            type="number"
            min={ROUTING_TEST_AMOUNT.min}
            step="0.01"
            className="w-36"
            // An empty field is 0, as it was before the form library: refused as too small.
            {...form.register('amount', { setValueAs: (v: string) => Number(v) })}
          />
        </FormField>
        <Button type="submit" disabled={routing.isPending}>
          {routing.isPending ? 'Routing...' : 'Test Payment Routing'}
        </Button>
      </form>
      {result && (
        <div className="rounded-lg border p-3 text-sm" role="status">
          <Badge variant={STATUS_VARIANT[result.status]}>{result.status}</Badge> {result.message}
          {result.details && 'platformFeeCents' in result.details && (
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4">
              <dt>Amount</dt>
              <dd>{formatPrice(Number(result.details.amountCents))}</dd>
              <dt>Platform fee</dt>
              <dd>{formatPrice(Number(result.details.platformFeeCents))}</dd>
              <dt>Provider receives</dt>
              <dd>{formatPrice(Number(result.details.providerAmountCents))}</dd>
            </dl>
          )}
        </div>
      )}
    </section>
  );
}

function ManualTab() {
  return (
    <section className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        Use these on /stripe-test or a conversation&apos;s Pay button. Any future expiry date and any CVC.
      </p>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b">
            <th className="py-2">Card number</th>
            <th className="py-2">Expected outcome</th>
          </tr>
        </thead>
        <tbody>
          {TEST_CARDS.map((c) => (
            <tr key={c.number} className="border-b">
              <td className="py-2 font-mono">{groupedCardNumber(c.number)}</td>
              <td className="py-2">{c.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function DatabaseTab() {
  const trpc = useTRPC();
  const state = useQuery(trpc.paymentTests.databaseState.queryOptions());
  const d = state.data;
  return (
    <section className="flex flex-col gap-4">
      <Button variant="outline" className="w-fit" onClick={() => void state.refetch()} disabled={state.isFetching}>
        {state.isFetching ? 'Refreshing...' : 'Refresh'}
      </Button>
      {state.isError && <p role="alert">{state.error.message}</p>}
      {d && (
        <div className="grid gap-4 lg:grid-cols-2">
          <Listing title="Recent transactions" empty="No transactions yet">
            {d.transactions.slice(0, 5).map((t) => (
              <li key={t.id}>
                <code>{t.payment_intent_id}</code> {t.status} {formatPrice(t.amount_cents)} (fee{' '}
                {formatPrice(t.platform_fee_cents)}, provider {formatPrice(t.provider_amount_cents)})
              </li>
            ))}
          </Listing>
          <Listing title="Provider transfers" empty="No transfers yet" testId="db-transfers">
            {d.transfers.slice(0, 5).map((t) => (
              <li key={t.id}>
                {formatPrice(t.amount_cents)} {t.status} to <code>{t.destination_account_id ?? '(held)'}</code>{' '}
                {t.stripe_transfer_id && <code>{t.stripe_transfer_id}</code>}
              </li>
            ))}
          </Listing>
          <Listing title="Webhook events" empty="No events yet">
            {d.events.slice(0, 5).map((e) => (
              <li key={e.event_id}>
                {e.type} <code>{e.object_id}</code> {dateTime(e.received_at)}
              </li>
            ))}
          </Listing>
          <Listing title="Payment failures" empty="No failures">
            {d.failures.slice(0, 5).map((f) => (
              <li key={f.id}>
                {f.failure_type}: {f.error_message} (retry {f.retry_count})
              </li>
            ))}
          </Listing>
        </div>
      )}
    </section>
  );
}

function Listing({
  title,
  empty,
  testId,
  children,
}: {
  title: string;
  empty: string;
  testId?: string;
  children: React.ReactNode[];
}) {
  return (
    <div className="rounded-lg border p-3" data-testid={testId}>
      <h2 className="mb-2 font-semibold">{title}</h2>
      {children.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-1 break-all text-sm">{children}</ul>
      )}
    </div>
  );
}

function WebhookTab({ url, required, alsoHandled }: { url: string; required: string[]; alsoHandled: string[] }) {
  return (
    <section className="flex flex-col gap-3 text-sm">
      <p>
        Endpoint: <code data-testid="webhook-endpoint">{url}</code>
      </p>
      <p>Required event types:</p>
      <ul className="list-disc pl-6">
        {required.map((e) => (
          <li key={e}>
            <code>{e}</code>
          </li>
        ))}
      </ul>
      <p className="text-muted-foreground">
        Also handled: {alsoHandled.join(', ')}. Each event is verified with the endpoint&apos;s signing secret and
        applied once; the latest ones are in Database State.
      </p>
    </section>
  );
}
