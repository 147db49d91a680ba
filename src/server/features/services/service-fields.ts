import type { z } from 'zod';
import { toCents } from '../../../domain/money';
import type { editServiceSchema, offerServiceSchema } from '../../../domain/service-schemas';

export type ServiceOffer = z.output<typeof offerServiceSchema>;
export type ServiceEdit = z.output<typeof editServiceSchema>;

/** The row fields of a form; the price becomes cents here and only here. */
export function toServiceRow(input: ServiceOffer | ServiceEdit) {
  return {
    title: input.title,
    description: input.description,
    categoryId: input.category_id,
    priceCents: toCents(input.price),
    pricingType: input.pricing_type,
    deliveryMethod: input.delivery_method,
    serviceLocation: input.service_location,
    imageUrl: input.image_url || null,
  };
}
