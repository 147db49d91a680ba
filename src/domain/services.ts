import { z } from 'zod';
import { isServiceCategoryId } from './categories';

export const PRICING_TYPES = ['fixed', 'hourly'] as const;
export type PricingType = (typeof PRICING_TYPES)[number];
export const DELIVERY_METHODS = ['virtual', 'in-person', 'both'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const EXPERTISE_LEVELS = ['beginner', 'intermediate', 'expert'] as const;

export const SERVICE_TITLE_MIN = 5;
export const SERVICE_TITLE_MAX = 100;
export const SERVICE_DESCRIPTION_MIN = 20;
export const SERVICE_DESCRIPTION_MAX = 5000;
export const RADIUS_MIN_KM = 1;
export const RADIUS_MAX_KM = 500;
export const PRICE_MAX = 1_000_000;
export const DESCRIPTION_PREVIEW_CHARS = 150;

export const SERVICE_MESSAGES = {
  titleTooShort: 'Title must be at least 5 characters',
  titleTooLong: 'Title must be less than 100 characters',
  descriptionTooShort: 'Description must be at least 20 characters',
  descriptionTooLong: `Description must be at most ${SERVICE_DESCRIPTION_MAX} characters`,
  categoryRequired: 'Please select a category',
  priceNegative: 'Price cannot be negative',
  /** An empty or non-numeric price: the spec's text for a price that is not a number (spec 2 section 5, proposals). */
  priceRequired: 'Please enter a valid price',
  priceTooHigh: 'Price is too high',
  deliveryRequired: 'Please select a delivery method',
  radiusTooSmall: 'Radius must be at least 1 km',
  locationRequired: 'Service location is required for in-person or hybrid delivery methods',
  locationToast: 'Please set a service location on the map for in-person or hybrid services',
  invalidUrl: 'Please enter a valid URL',
  mustBeLoggedIn: 'You must be logged in to submit a service',
  created: 'Service created successfully',
  createFailed: 'Failed to create service',
  updated: 'Service updated successfully',
  updateFailed: 'Failed to update service',
  deleted: 'Service deleted successfully',
  deleteFailed: 'Failed to delete service',
  notFound: 'Service not found',
  loadDetailsFailed: 'Failed to load service details',
  loadUnexpected: 'An error occurred while loading the service',
  idNotFound: 'Service ID not found',
  mustBeLoggedInToEdit: 'You must be logged in to edit a service',
  loadFailed: (message: string) => `Failed to load services: ${message}`,
  loadYoursFailed: 'Failed to load your services',
  imageUploaded: 'Image uploaded successfully',
  imageFailed: 'Failed to upload image',
  signInToRequest: 'Please sign in to request this service',
  ownService: 'You cannot request your own service',
  // Ours (beyond the spec): the owner of a service a passed poll hid cannot delete it while an admin reviews it, so
  // the reports and the poll stay as evidence (review 22 L7).
  underReview: 'An admin is reviewing this service',
} as const;

export const serviceLocationSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  radius: z.number().min(RADIUS_MIN_KM, { error: SERVICE_MESSAGES.radiusTooSmall }).max(RADIUS_MAX_KM),
});
export type ServiceLocation = z.infer<typeof serviceLocationSchema>;

/** Image addresses: ours are about 80 characters; the bound only stops abuse. */
export const IMAGE_URL_MAX = 500;

const imageUrlField = z
  .string()
  .trim()
  .max(IMAGE_URL_MAX, { error: SERVICE_MESSAGES.invalidUrl })
  .refine((v) => v === '' || v.startsWith('/files/') || /^https?:\/\//.test(v), { error: SERVICE_MESSAGES.invalidUrl });

const priceField = z
  .number({ error: SERVICE_MESSAGES.priceRequired })
  .min(0, { error: SERVICE_MESSAGES.priceNegative })
  .max(PRICE_MAX, { error: SERVICE_MESSAGES.priceTooHigh });

interface Delivery {
  delivery_method: DeliveryMethod;
  service_location: ServiceLocation | null;
}

/** In-person or both needs a location. */
const hasNeededLocation = (v: Delivery) => v.delivery_method === 'virtual' || v.service_location !== null;
const locationRule = { error: SERVICE_MESSAGES.locationRequired, path: ['service_location'] };

/** Virtual never keeps a location. */
function clearVirtualLocation<T extends Delivery>(v: T): T {
  return { ...v, service_location: v.delivery_method === 'virtual' ? null : v.service_location };
}

const serviceFields = {
  title: z
    .string()
    .trim()
    .min(SERVICE_TITLE_MIN, { error: SERVICE_MESSAGES.titleTooShort })
    .max(SERVICE_TITLE_MAX, { error: SERVICE_MESSAGES.titleTooLong }),
  price: priceField,
  pricing_type: z.enum(PRICING_TYPES),
  delivery_method: z.enum(DELIVERY_METHODS, { error: SERVICE_MESSAGES.deliveryRequired }),
  service_location: serviceLocationSchema.nullable(),
  image_url: imageUrlField,
};

/** The Offer a Service form. Expertise level is asked but, as specified, not saved. */
export const offerServiceSchema = z
  .object({
    ...serviceFields,
    description: z
      .string()
      .trim()
      .min(SERVICE_DESCRIPTION_MIN, { error: SERVICE_MESSAGES.descriptionTooShort })
      .max(SERVICE_DESCRIPTION_MAX, { error: SERVICE_MESSAGES.descriptionTooLong }),
    category_id: z
      .uuid({ error: SERVICE_MESSAGES.categoryRequired })
      .refine(isServiceCategoryId, { error: SERVICE_MESSAGES.categoryRequired }),
    expertiseLevel: z.enum(EXPERTISE_LEVELS).optional(),
  })
  .refine(hasNeededLocation, locationRule)
  .transform(clearVirtualLocation);
export type OfferServiceInput = z.input<typeof offerServiceSchema>;

/** The edit form: description and category optional, title 5 to 100. */
export const editServiceSchema = z
  .object({
    ...serviceFields,
    description: z.string().trim().max(SERVICE_DESCRIPTION_MAX, { error: SERVICE_MESSAGES.descriptionTooLong }),
    category_id: z
      .uuid({ error: SERVICE_MESSAGES.categoryRequired })
      .refine(isServiceCategoryId, { error: SERVICE_MESSAGES.categoryRequired })
      .nullable(),
  })
  .refine(hasNeededLocation, locationRule)
  .transform(clearVirtualLocation);
export type EditServiceInput = z.input<typeof editServiceSchema>;

/** "…" after the first 150 characters, as on service cards. */
export function descriptionPreview(text: string, max = DESCRIPTION_PREVIEW_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
