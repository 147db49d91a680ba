import { useState, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import { useSession } from '../accounts/api';
import { REVIEW_COMMENT_MAX, REVIEW_MESSAGES, reviewSchema } from '../../../domain/reviews';
import { clearingOnChange, useSchemaForm } from '../../lib/schema-form';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../ui/dialog';
import { fieldErrorProps, FormField } from '../../ui/form-field';
import { Label } from '../../ui/label';
import { Textarea } from '../../ui/textarea';
import { useSubmitReview } from './api';
import { StarInput } from './star-rating';

/** Write a Review: offered to the client once the service is completed, once. */
export function ReviewDialog({ conversationId, providerName }: { conversationId: string; providerName: string }) {
  const [open, setOpen] = useState(false);
  const form = useSchemaForm<{ rating: number; comment: string }, z.output<typeof reviewSchema>>(reviewSchema, {
    defaultValues: { rating: 0, comment: '' },
  });
  const { errors } = form.formState;
  const [rating, comment] = useWatch({ control: form.control, name: ['rating', 'comment'] });
  const submit = useSubmitReview();
  const { account } = useSession();

  const validateAndSend = form.handleSubmit((parsed) =>
    // The toasts come from the hook; only closing the dialog belongs to it.
    submit.mutate({ conversationId, ...parsed }, { onSuccess: () => setOpen(false) }),
  );
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!account) {
      toast.error(REVIEW_MESSAGES.mustBeLoggedIn);
      return;
    }
    void validateAndSend(event);
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">Write a Review</Button>
      </DialogTrigger>
      <DialogContent title={`Review ${providerName}`} description="Your review appears on the provider's profile.">
        <form noValidate className="flex flex-col gap-4" onSubmit={send}>
          <div className="flex flex-col gap-2">
            <Label id="review-rating-label">Rating</Label>
            <StarInput
              id="review-rating"
              value={rating}
              onChange={(v) => {
                form.setValue('rating', v);
                form.clearErrors('rating');
              }}
            />
            {errors.rating && <p className="text-sm text-destructive">{errors.rating.message}</p>}
          </div>
          <FormField id="review-comment" label="Review" error={errors.comment?.message}>
            <Textarea
              maxLength={REVIEW_COMMENT_MAX}
              {...fieldErrorProps('review-comment', errors.comment?.message)}
              {...clearingOnChange(form, 'comment')}
            />
          </FormField>
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
