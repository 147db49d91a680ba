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
/** Image addresses: ours are about 80 characters; the bound only stops abuse. */
export const IMAGE_URL_MAX = 500;

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
  // the reports and the poll stay as evidence.
  underReview: 'An admin is reviewing this service',
} as const;

/** "…" after the first 150 characters, as on service cards. */
export function descriptionPreview(text: string, max = DESCRIPTION_PREVIEW_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
