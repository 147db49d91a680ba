import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_LIMITS,
  FEEDBACK_MESSAGES,
  feedbackSchema,
  type FeedbackCategory,
} from '../../../domain/feedback';
import { signInPathFor } from '../../../domain/redirect';
import { shortDate } from '../../lib/dates';
import { clearingOnChange, useSchemaForm } from '../../lib/schema-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { fieldErrorProps, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { NativeSelect } from '../../ui/native-select';
import { Tabs, TabsContent, TabsList } from '../../ui/tabs';
import { Textarea } from '../../ui/textarea';
import { PageContainer } from '../../ui/page';
import { useSession } from '../accounts/api';
import { useMyFeedback, useMyFeedbackEvents, useSubmitFeedback } from './api';
import { FeedbackStatusBadge } from './feedback-status-badge';
import { TruncatedTitle } from './truncated-title';

const TABS = [
  { value: 'submit', label: 'Submit Feedback' },
  { value: 'history', label: 'My Feedback' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** /feedback: the feedback centre (spec 2 sections 2 and 4). Signed out, it says to log in, with the way to. */
export function FeedbackPage() {
  const { account } = useSession();
  const location = useLocation();
  return (
    <PageContainer width="narrow">
      <div>
        <h1 className="text-3xl font-bold">Feedback Center</h1>
        <p className="mt-2 text-muted-foreground">Tell us what works, what does not, and what you would like next.</p>
      </div>
      {account ? (
        <FeedbackCentre />
      ) : (
        <Card>
          <CardContent className="flex flex-col items-start gap-4 pt-6">
            <p>{FEEDBACK_MESSAGES.mustBeLoggedIn}</p>
            <Button asChild>
              <Link to={signInPathFor(location.pathname)}>Sign In</Link>
            </Button>
          </CardContent>
        </Card>
      )}
    </PageContainer>
  );
}

function FeedbackCentre() {
  const [tab, setTab] = useState<Tab>('submit');
  const showHistory = useCallback(() => setTab('history'), []);
  // Answers and resolutions arrive while the page is open, whichever tab shows.
  useMyFeedbackEvents();
  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
      <TabsList label="Feedback" tabs={TABS} />
      <TabsContent value="submit" className="pt-6">
        <SubmitFeedbackForm onDone={showHistory} />
      </TabsContent>
      <TabsContent value="history" className="pt-6">
        <FeedbackHistory />
      </TabsContent>
    </Tabs>
  );
}

type FormFields = { title: string; category: FeedbackCategory | ''; message: string };

function SubmitFeedbackForm({ onDone }: { onDone(): void }) {
  const form = useSchemaForm<FormFields, z.output<typeof feedbackSchema>>(feedbackSchema, {
    defaultValues: { title: '', category: '', message: '' },
  });
  const { errors } = form.formState;
  const submit = useSubmitFeedback();
  const [succeeded, setSucceeded] = useState(false);
  // The success panel stays 3 seconds, then the history shows (spec 2 section 4).
  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => {
      setSucceeded(false);
      onDone();
    }, FEEDBACK_LIMITS.successPanelMs);
    return () => clearTimeout(timer);
  }, [succeeded, onDone]);

  const send = form.handleSubmit(
    (parsed) =>
      submit.mutate(parsed, {
        onSuccess: () => {
          form.reset();
          setSucceeded(true);
        },
      }),
    // One toast for what is missing or too long; each field shows its own message too.
    (invalid) => {
      const first = invalid.title?.message ?? invalid.category?.message ?? invalid.message?.message;
      toast.error(first ?? FEEDBACK_MESSAGES.fillAllFields);
    },
  );

  if (succeeded) {
    return (
      <Alert className="border-green-700/50">
        <p className="font-semibold">{FEEDBACK_MESSAGES.submitted}</p>
        <p className="mt-1 text-muted-foreground">Thank you! You can follow it in My Feedback.</p>
      </Alert>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Submit Feedback</CardTitle>
        <CardDescription>All fields are required.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void send(event)}>
          <FormField id="feedback-title" label="Title" error={errors.title?.message}>
            <Input
              maxLength={FEEDBACK_LIMITS.titleMax}
              autoComplete="off"
              {...fieldErrorProps('feedback-title', errors.title?.message)}
              {...clearingOnChange(form, 'title')}
            />
          </FormField>
          <FormField id="feedback-category" label="Category" error={errors.category?.message}>
            <NativeSelect
              {...fieldErrorProps('feedback-category', errors.category?.message)}
              {...clearingOnChange(form, 'category')}
            >
              <option value="">Select a category</option>
              {FEEDBACK_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="feedback-message" label="Message" error={errors.message?.message}>
            <Textarea
              rows={6}
              maxLength={FEEDBACK_LIMITS.messageMax}
              {...fieldErrorProps('feedback-message', errors.message?.message)}
              {...clearingOnChange(form, 'message')}
            />
          </FormField>
          <Button type="submit" disabled={submit.isPending} className="self-start">
            {submit.isPending ? 'Submitting...' : 'Submit Feedback'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function FeedbackHistory() {
  const mine = useMyFeedback();
  if (mine.isPending) return <p className="text-muted-foreground">Loading your feedback...</p>;
  if (mine.isError) return <Alert variant="destructive">{FEEDBACK_MESSAGES.loadMineFailed}</Alert>;
  if (mine.data.items.length === 0) {
    return <p className="text-muted-foreground">You have not submitted any feedback yet.</p>;
  }
  return (
    <ul className="flex flex-col gap-4" aria-label="My feedback">
      {mine.data.items.map((item) => (
        <li key={item.id}>
          <Card>
            <CardContent className="flex flex-col gap-3 pt-6">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="min-w-0 font-semibold">
                  <TruncatedTitle title={item.title} />
                </h2>
                <FeedbackStatusBadge resolvedAt={item.resolvedAt} />
              </div>
              <p className="text-xs text-muted-foreground">
                {item.category} · {shortDate(item.createdAt)}
              </p>
              <p className="break-words whitespace-pre-wrap">{item.message}</p>
              {item.adminResponse !== null && (
                <div className="rounded-md border bg-muted p-3">
                  <p className="text-sm font-semibold">Admin response</p>
                  <p className="mt-1 break-words whitespace-pre-wrap text-sm">{item.adminResponse}</p>
                </div>
              )}
            </CardContent>
          </Card>
        </li>
      ))}
      {mine.data.hasMore && (
        <li className="text-sm text-muted-foreground">Only your {FEEDBACK_LIMITS.listMax} latest items are shown.</li>
      )}
    </ul>
  );
}
