import { typingText } from '../../../domain/rooms';

/** "Ann is typing...", "Ann and Bo are typing...", "3 people are typing..." (others only; spec 3, section 4). */
export function TypingIndicator({ names }: { names: string[] }) {
  const text = typingText(names);
  return (
    <p
      aria-live="polite"
      className="h-5 truncate px-3 text-xs text-muted-foreground italic"
      data-testid="typing-indicator"
    >
      {text}
    </p>
  );
}
