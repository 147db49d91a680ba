import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  ALL_EMAIL_UNSUBSCRIBE_KIND,
  NEWSLETTER_UNSUBSCRIBE_KIND,
  PREFERENCE_MESSAGES,
  unsubscribeKindLabel,
  type UnsubscribeKind,
} from '../../../domain/notification-preferences';
import { NOTIFICATION_KINDS } from '../../../domain/notifications';
import { Button } from '../../ui/button';
import { PageContainer } from '../../ui/page';

const KNOWN: readonly string[] = [...NOTIFICATION_KINDS, NEWSLETTER_UNSUBSCRIBE_KIND, ALL_EMAIL_UNSUBSCRIBE_KIND];

/**
 * Where an email's visible unsubscribe link lands, signed in or not. Opening it changes nothing (mail scanners open
 * links); the button POSTs the same signed address the email's List-Unsubscribe header names.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const kind = params.get('k');
  const [state, setState] = useState<{ done: string } | { error: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  if (!kind || !KNOWN.includes(kind)) {
    return (
      <PageContainer width="narrow">
        <h1 className="text-2xl font-bold">Unsubscribe</h1>
        <p role="alert">{PREFERENCE_MESSAGES.unsubscribeInvalid}</p>
      </PageContainer>
    );
  }
  const label = unsubscribeKindLabel(kind as UnsubscribeKind);

  const confirm = async () => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    try {
      const response = await fetch(`/unsubscribe?${params.toString()}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      if (response.ok) setState({ done: body.message ?? PREFERENCE_MESSAGES.unsubscribed(label) });
      else if (response.status === 400) setState({ error: PREFERENCE_MESSAGES.unsubscribeInvalid });
      else setState({ error: PREFERENCE_MESSAGES.unsubscribeFailed });
    } catch {
      setState({ error: PREFERENCE_MESSAGES.unsubscribeFailed });
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <PageContainer width="narrow">
      <h1 className="text-2xl font-bold">Unsubscribe</h1>
      {state && 'done' in state ? (
        <p role="status">{state.done}</p>
      ) : (
        <>
          <p>Stop emails about: {label}?</p>
          {kind !== NEWSLETTER_UNSUBSCRIBE_KIND && (
            <p className="text-sm text-muted-foreground">
              You will still see them in the app. Change every kind in Settings, under Notifications.
            </p>
          )}
          {state && 'error' in state && (
            <p role="alert" className="text-destructive">
              {state.error}
            </p>
          )}
          <div>
            <Button onClick={() => void confirm()} disabled={busy}>
              Unsubscribe
            </Button>
          </div>
        </>
      )}
    </PageContainer>
  );
}
