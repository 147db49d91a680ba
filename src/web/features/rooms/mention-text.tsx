import { mentionSegments, type MentionData } from '../../../domain/chat-essentials';
import { cn } from '../../lib/cn';

/**
 * A message's words with its mentions highlighted, from the message's typed list (never a name merely typed);
 * a mention of the reader stands out more.
 */
export function MentionText({ content, mentions, me }: { content: string; mentions?: MentionData[]; me: string }) {
  if (!mentions?.length) return <>{content}</>;
  return (
    <>
      {mentionSegments(content, mentions).map((segment, i) =>
        segment.mention ? (
          <span
            key={i}
            data-testid={segment.mention.userId === me ? 'mention-me' : 'mention'}
            className={cn(
              'rounded px-0.5 font-semibold',
              segment.mention.userId === me ? 'bg-primary text-primary-foreground' : 'bg-primary/10 text-primary',
            )}
          >
            {segment.text}
          </span>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
