// The service forms' and procedures' input rules (zod). Apart from services.ts, whose constants and texts every
// service card shows: a listing page loads no schema library.
import { z } from 'zod';
import { isServiceCategoryId } from './categories';
import {
  PRICING_TYPES,
  DELIVERY_METHODS,
  EXPERTISE_LEVELS,
  SERVICE_TITLE_MIN,
  SERVICE_TITLE_MAX,
  SERVICE_DESCRIPTION_MIN,
  SERVICE_DESCRIPTION_MAX,
  RADIUS_MIN_KM,
  RADIUS_MAX_KM,
  PRICE_MAX,
  SERVICE_MESSAGES,
  IMAGE_URL_MAX,
  type DeliveryMethod,
} from './services';

export const serviceLocationSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  radius: z.number().min(RADIUS_MIN_KM, { error: SERVICE_MESSAGES.radiusTooSmall }).max(RADIUS_MAX_KM),
});
export type ServiceLocation = z.infer<typeof serviceLocationSchema>;

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
