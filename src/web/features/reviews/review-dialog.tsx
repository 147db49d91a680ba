import { useState } from 'react';
import { toast } from 'sonner';
import { useSession } from '../accounts/api';
import { REVIEW_COMMENT_MAX, REVIEW_MESSAGES, reviewSchema } from '../../../domain/reviews';
import { firstErrorPerField } from '../../lib/field-errors';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../ui/dialog';
import { Label } from '../../ui/label';
import { TextAreaField } from '../../ui/text-field';
import { useSubmitReview } from './api';
import { StarInput } from './star-rating';

/** Write a Review: offered to the client once the service is completed, once. */
export function ReviewDialog({ conversationId, providerName }: { conversationId: string; providerName: string }) {
  const [open, setOpen] = useState(false);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string }>({});
  const submit = useSubmitReview();
  const { account } = useSession();

  function send() {
    if (!account) {
      toast.error(REVIEW_MESSAGES.mustBeLoggedIn);
      return;
    }
    const parsed = reviewSchema.safeParse({ rating, comment });
    if (!parsed.success) {
      setErrors(firstErrorPerField<'rating' | 'comment'>(parsed.error));
      return;
    }
    // The toasts come from the hook; only closing the dialog belongs to it.
    submit.mutate({ conversationId, ...parsed.data }, { onSuccess: () => setOpen(false) });
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">Write a Review</Button>
      </DialogTrigger>
      <DialogContent title={`Review ${providerName}`} description="Your review appears on the provider's profile.">
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
        >
          <div className="flex flex-col gap-2">
            <Label id="review-rating-label">Rating</Label>
            <StarInput
              id="review-rating"
              value={rating}
              onChange={(v) => {
                setRating(v);
                setErrors((e) => ({ ...e, rating: undefined }));
              }}
            />
            {errors.rating && <p className="text-sm text-destructive">{errors.rating}</p>}
          </div>
          <TextAreaField
            id="review-comment"
            label="Review"
            error={errors.comment}
            maxLength={REVIEW_COMMENT_MAX}
            value={comment}
            onValueChange={(v) => {
              setComment(v);
              setErrors((er) => ({ ...er, comment: undefined }));
            }}
          />
          <p className="-mt-2 text-right text-xs text-muted-foreground">
            {comment.length}/{REVIEW_COMMENT_MAX}
          </p>
          <Button type="submit" disabled={submit.isPending}>
            {submit.isPending ? 'Submitting...' : 'Submit Review'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
