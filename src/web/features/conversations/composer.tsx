import { SendHorizontal } from 'lucide-react';
import { useRef, useState } from 'react';
import { MESSAGE_MAX } from '../../../domain/negotiation';
import { Button } from '../../ui/button';
import { Label } from '../../ui/label';

const MAX_HEIGHT_PX = 120;

/**
 * Enter sends, Shift+Enter adds a line; the box grows with its text up to 120 px. What was typed stays in the box
 * until the server has it, so a failed send loses nothing.
 */
export function Composer({ onSend, disabled }: { onSend(text: string): Promise<unknown>; disabled?: boolean }) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);

  function grow() {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }

  async function send() {
    const trimmed = text.trim();
    if (!trimmed || sending) return;
    setSending(true);
    try {
      await onSend(trimmed);
      setText('');
      requestAnimationFrame(grow);
    } catch (error) {
      // As specified, a failed plain message is only logged; the text stays for another try.
      console.error('Failed to send message', error);
    } finally {
      setSending(false);
      box.current?.focus();
    }
  }

  return (
    <form
      className="flex flex-col gap-1 border-t p-3"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <Label htmlFor="chat-composer" className="text-xs text-muted-foreground">
        Message
      </Label>
      <div className="flex items-end gap-2">
        <textarea
          id="chat-composer"
          ref={box}
          rows={1}
          maxLength={MESSAGE_MAX}
          value={text}
          disabled={disabled}
          placeholder="Type a message..."
          className="max-h-[120px] min-h-10 flex-1 resize-none rounded-md border bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          onChange={(e) => {
            setText(e.target.value);
            grow();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void send();
            }
          }}
        />
        <Button type="submit" size="icon" aria-label="Send" disabled={disabled || sending || !text.trim()}>
          <SendHorizontal className="h-4 w-4" aria-hidden />
        </Button>
      </div>
    </form>
  );
}
