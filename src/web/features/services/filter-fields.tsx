import { SERVICE_CATEGORIES } from '../../../domain/categories';
import {
  METHOD_FILTERS,
  PRICE_BUCKET_LABELS,
  PRICE_BUCKETS,
  type MethodFilter,
  type PriceBucket,
} from '../../../domain/listing-filters';
import { Label } from '../../ui/label';
import { NativeSelect } from '../../ui/native-select';
import type { ServiceFilters } from './api';

/** The filters chosen from lists (the search box is typed, and stays on screen at every width). */
export type FilterChoices = Pick<ServiceFilters, 'categoryId' | 'price' | 'method'>;

const METHOD_LABELS: Record<MethodFilter, string> = {
  any: 'Any method',
  virtual: 'Virtual',
  'in-person': 'In person',
  both: 'Both',
};

export function choicesOf(filters: ServiceFilters): FilterChoices {
  return { categoryId: filters.categoryId, price: filters.price, method: filters.method };
}

/** Every choice back to "any"; a page scoped to one category keeps it. */
export function clearedChoices(showCategory: boolean): Partial<FilterChoices> {
  return showCategory ? { categoryId: null, price: 'any', method: 'any' } : { price: 'any', method: 'any' };
}

/** How many choices narrow the list (shown on the phone's Filters button, whose sheet hides them). */
export function activeChoiceCount(filters: ServiceFilters, showCategory: boolean): number {
  return [showCategory && filters.categoryId, filters.price !== 'any', filters.method !== 'any'].filter(Boolean).length;
}

/**
 * Category, price and delivery method as labelled lists: inline on wide screens, applied at once; in the phone's
 * Filters sheet, applied with Apply. The id prefix keeps both sets of labels pointing at their own list.
 */
export function FilterSelects({
  idPrefix,
  values,
  onChange,
  showCategory,
}: {
  idPrefix: string;
  values: FilterChoices;
  onChange(change: Partial<FilterChoices>): void;
  showCategory: boolean;
}) {
  return (
    <>
      {showCategory && (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${idPrefix}-category`}>Category</Label>
          <NativeSelect
            id={`${idPrefix}-category`}
            value={values.categoryId ?? ''}
            onChange={(e) => onChange({ categoryId: e.target.value || null })}
          >
            <option value="">All Categories</option>
            {SERVICE_CATEGORIES.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${idPrefix}-price`}>Price</Label>
        <NativeSelect
          id={`${idPrefix}-price`}
          value={values.price}
          onChange={(e) => onChange({ price: e.target.value as PriceBucket })}
        >
          {PRICE_BUCKETS.map((b) => (
            <option key={b} value={b}>
              {PRICE_BUCKET_LABELS[b]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${idPrefix}-method`}>Delivery</Label>
        <NativeSelect
          id={`${idPrefix}-method`}
          value={values.method}
          onChange={(e) => onChange({ method: e.target.value as MethodFilter })}
        >
          {METHOD_FILTERS.map((m) => (
            <option key={m} value={m}>
              {METHOD_LABELS[m]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </>
  );
}
