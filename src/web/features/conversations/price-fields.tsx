import type { PricingType } from '../../../domain/services';
import { FormField, fieldErrorProps } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { NativeSelect } from '../../ui/native-select';

/** A price in USD (step 0.01) and whether it is per job or per hour: proposals and offers. */
export function PriceFields({
  idPrefix,
  priceLabel,
  price,
  pricingType,
  error,
  onPrice,
  onPricingType,
}: {
  idPrefix: string;
  priceLabel: string;
  price: string;
  pricingType: PricingType;
  error?: string;
  onPrice(value: string): void;
  onPricingType(value: PricingType): void;
}) {
  const priceId = `${idPrefix}-price`;
  return (
    <>
      <FormField id={priceId} label={priceLabel} error={error}>
        <Input
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          value={price}
          onChange={(e) => onPrice(e.target.value)}
          {...fieldErrorProps(priceId, error)}
        />
      </FormField>
      <FormField id={`${idPrefix}-pricing`} label="Pricing type">
        <NativeSelect
          id={`${idPrefix}-pricing`}
          value={pricingType}
          onChange={(e) => onPricingType(e.target.value as PricingType)}
        >
          <option value="fixed">Fixed price (per job)</option>
          <option value="hourly">Hourly rate</option>
        </NativeSelect>
      </FormField>
    </>
  );
}
