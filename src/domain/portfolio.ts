import { z } from 'zod';

export const PORTFOLIO_TITLE_MAX = 100;
export const PORTFOLIO_DESCRIPTION_MAX = 1000;
/** Project links and image addresses: long enough for any real link, bounded against abuse. */
export const PORTFOLIO_URL_MAX = 2000;
export const PORTFOLIO_DRAFT_KEY = 'portfolio-draft';

export const PORTFOLIO_MESSAGES = {
  loadFailed: 'Failed to load portfolio items',
  addFailed: 'Failed to add portfolio item',
  updateFailed: 'Failed to update portfolio item',
  deleteFailed: 'Failed to delete portfolio item',
  imageFailed: 'Failed to upload image',
  added: 'Portfolio item added successfully',
  updated: 'Portfolio item updated successfully',
  deleted: 'Portfolio item deleted successfully',
  imageUploaded: 'Image uploaded successfully',
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${PORTFOLIO_TITLE_MAX} characters`,
  descriptionTooLong: `Description must be at most ${PORTFOLIO_DESCRIPTION_MAX} characters`,
  invalidUrl: 'Please enter a valid URL (e.g., https://example.com)',
} as const;

/** "URL-shaped": an http(s) address with a host that has a dot (or localhost). */
export function isUrlShaped(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      (url.hostname.includes('.') || url.hostname === 'localhost')
    );
  } catch {
    return false;
  }
}

const emptyToNull = (v: string) => (v === '' ? null : v);

export const portfolioItemSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: PORTFOLIO_MESSAGES.titleRequired })
    .max(PORTFOLIO_TITLE_MAX, { error: PORTFOLIO_MESSAGES.titleTooLong }),
  description: z
    .string()
    .trim()
    .max(PORTFOLIO_DESCRIPTION_MAX, { error: PORTFOLIO_MESSAGES.descriptionTooLong })
    .transform(emptyToNull),
  projectUrl: z
    .string()
    .trim()
    .max(PORTFOLIO_URL_MAX, { error: PORTFOLIO_MESSAGES.invalidUrl, abort: true })
    .refine((v) => v === '' || isUrlShaped(v), { error: PORTFOLIO_MESSAGES.invalidUrl })
    .transform(emptyToNull),
  /** An image uploaded by the same user (the server checks), or empty. */
  imageUrl: z.string().trim().max(PORTFOLIO_URL_MAX, { error: PORTFOLIO_MESSAGES.imageFailed }).transform(emptyToNull),
});
export type PortfolioItemInput = z.input<typeof portfolioItemSchema>;
export type PortfolioItemFields = z.output<typeof portfolioItemSchema>;
