import { SendHorizontal } from 'lucide-react';
import {
  useCallback,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { Button } from '../../ui/button';
import { Label } from '../../ui/label';
import { counterText, draftToSend, isSendKey } from './composer-rules';

/**
 * A composer's draft: the text, the box it is typed in (grown with its text up to a height), whether a send is out,
 * and the error shown under it. A feature that sends in another way too (a GIF picked) sends through `send`, so
 * the box empties, stays busy and refocuses the same way.
 */
export function useChatDraft(maxHeightPx: number) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const grow = useCallback(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, maxHeightPx)}px`;
  }, [maxHeightPx]);
  /**
   * Runs a send of the draft; the text stays until the server has it (`post` resolves true), so a failed send loses
   * nothing. One at a time: a second press while one is out does nothing.
   */
  const busyNow = useRef(false);
  const send = useCallback(
    async (post: () => Promise<boolean>) => {
      if (busyNow.current) return;
      busyNow.current = true;
      setBusy(true);
      try {
        if (await post()) {
          setText('');
          requestAnimationFrame(grow);
        }
      } finally {
        busyNow.current = false;
        setBusy(false);
        box.current?.focus();
      }
    },
    [grow],
  );
  return { text, setText, busy, error, setError, box, grow, send, maxHeightPx };
}

export type ChatDraft = ReturnType<typeof useChatDraft>;

/**
 * The composer both chats share: a labelled box that grows with its text, Enter sends and Shift+Enter adds a line, a
 * maximum length with its counter near the limit, a Send button that waits while a send is out. What a chat adds
 * (a reply target, an attachment, a GIF button) comes in through `above` and `tools`.
 */
export function ChatComposer({
  draft,
  label,
  placeholder,
  maxLength,
  onSend,
  emptyMessage,
  canSendBlank = false,
  blocked = false,
  disabled = false,
  formLabel,
  above,
  tools,
  onTextChange,
  onBlur,
  onBoxKeyDown,
  boxProps,
  className,
}: {
  draft: ChatDraft;
  label: string;
  placeholder: string;
  maxLength: number;
  /** Sends the trimmed text ('' only when `canSendBlank`); resolves true once the server has it. */
  onSend(text: string): Promise<boolean>;
  /** What a blank send says; without it, Send waits for text instead. */
  emptyMessage?: string;
  /** Something besides the text makes a send (an attachment). */
  canSendBlank?: boolean;
  /** Not sendable now (an attachment still processing), though the box takes text. */
  blocked?: boolean;
  disabled?: boolean;
  /** The form's own name, when the page holds more than one composer. */
  formLabel?: string;
  above?: ReactNode;
  tools?: ReactNode;
  onTextChange?(text: string): void;
  onBlur?(): void;
  /** A key the feature handles itself (an open autocomplete's arrows, Enter, Escape): true when handled. */
  onBoxKeyDown?(event: KeyboardEvent<HTMLTextAreaElement>): boolean;
  /** ARIA the feature adds to the box (an autocomplete's list and active option). */
  boxProps?: Pick<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    'aria-autocomplete' | 'aria-controls' | 'aria-activedescendant'
  >;
  className?: string;
}) {
  const id = useId();
  const inputId = `${id}-text`;
  const errorId = `${id}-error`;
  const { text, busy, error, box, maxHeightPx } = draft;
  const counter = counterText(text.length, maxLength);
  const waitsForText = emptyMessage === undefined && !canSendBlank;

  function submit() {
    if (busy || blocked || disabled) return;
    const content = draftToSend(text);
    if (content === null && !canSendBlank) {
      if (emptyMessage !== undefined) draft.setError(emptyMessage);
      return;
    }
    draft.setError(null);
    void draft.send(() => onSend(content ?? ''));
  }

  return (
    <form
      className={className ?? 'flex flex-col gap-1 border-t p-3'}
      aria-label={formLabel}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {above}
      <div className="flex items-center justify-between">
        <Label htmlFor={inputId} className="text-xs text-muted-foreground">
          {label}
        </Label>
        {counter && <span className="text-xs text-muted-foreground">{counter}</span>}
      </div>
      <div className="flex items-end gap-1">
        {tools}
        <textarea
          id={inputId}
          ref={box}
          rows={1}
          maxLength={maxLength}
          value={text}
          disabled={disabled}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          style={{ maxHeight: maxHeightPx }}
          className="min-h-10 min-w-0 flex-1 resize-none rounded-md border bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          onChange={(e) => {
            draft.setText(e.target.value);
            if (error) draft.setError(null);
            draft.grow();
            onTextChange?.(e.target.value);
          }}
          onBlur={onBlur}
          {...boxProps}
          onKeyDown={(e) => {
            if (onBoxKeyDown?.(e)) {
              e.preventDefault();
              return;
            }
            if (isSendKey({ key: e.key, shiftKey: e.shiftKey, isComposing: e.nativeEvent.isComposing })) {
              e.preventDefault();
              submit();
            }
          }}
        />
        <Button
          type="submit"
          size="icon"
          aria-label="Send"
          disabled={disabled || busy || blocked || (waitsForText && !text.trim())}
        >
          <SendHorizontal className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
