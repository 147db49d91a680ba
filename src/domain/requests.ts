import { z } from 'zod';
import { isServiceCategoryId } from './categories';
import { IMAGE_URL_MAX, PRICE_MAX, PRICING_TYPES, SERVICE_MESSAGES } from './services';

export const REQUEST_TITLE_MAX = 100;
export const REQUEST_DESCRIPTION_MAX = 5000;
export const REQUEST_REDIRECT_MS = 2500;
export const HIGHLIGHT_SCROLL_MS = 100;
export const HIGHLIGHT_PULSE_MS = 3000;

export const REQUEST_MESSAGES = {
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  categoryRequired: 'Category is required',
  pricingTypeRequired: 'Please select a pricing type',
  budgetInvalid: 'Please enter a valid budget',
  mustBeLoggedIn: 'You must be logged in to submit a request',
  submitFailed: 'Failed to submit request. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  submitted: 'Request Submitted Successfully',
  loadFailed: 'Failed to load service requests',
  loadUnexpected: 'An unexpected error occurred while loading requests',
  loadOneFailed: 'Failed to load request',
  updateFailed: 'Failed to update request. Please try again.',
  updated: 'Request updated successfully!',
  deleted: 'Request deleted successfully',
  deleteFailed: 'Failed to delete request',
  loadYoursFailed: 'Failed to load your requests',
  categoriesFailed: 'Failed to load service categories',
  titleTooLong: `Title must be at most ${REQUEST_TITLE_MAX} characters`,
  descriptionTooLong: `Description must be at most ${REQUEST_DESCRIPTION_MAX} characters`,
} as const;

/** The budget as typed (optional text, step 0.01) -> dollars or null. */
const budgetField = z
  .string()
  .max(20, { error: REQUEST_MESSAGES.budgetInvalid })
  .trim()
  .refine((v) => v === '' || (/^\d+(\.\d{1,2})?$/.test(v) && Number(v) <= PRICE_MAX), {
    error: REQUEST_MESSAGES.budgetInvalid,
  })
  .transform((v) => (v === '' ? null : Number(v)));

export const serviceRequestSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: REQUEST_MESSAGES.titleRequired })
    .max(REQUEST_TITLE_MAX, { error: REQUEST_MESSAGES.titleTooLong }),
  description: z
    .string()
    .trim()
    .min(1, { error: REQUEST_MESSAGES.descriptionRequired })
    .max(REQUEST_DESCRIPTION_MAX, { error: REQUEST_MESSAGES.descriptionTooLong }),
  service_category_id: z
    .uuid({ error: REQUEST_MESSAGES.categoryRequired })
    .refine(isServiceCategoryId, { error: REQUEST_MESSAGES.categoryRequired }),
  pricing_type: z.enum(PRICING_TYPES, { error: REQUEST_MESSAGES.pricingTypeRequired }),
  budget: budgetField,
  image_url: z.string().trim().max(IMAGE_URL_MAX, { error: SERVICE_MESSAGES.invalidUrl }),
});
export type ServiceRequestInput = z.input<typeof serviceRequestSchema>;
