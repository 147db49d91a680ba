import type { ComponentProps } from 'react';
import { SERVICE_CATEGORIES } from '../../domain/categories';
import { NativeSelect } from './native-select';

/** The 15 categories in display order, with a first "Select a category" choice. */
export function CategorySelect(props: ComponentProps<typeof NativeSelect>) {
  return (
    <NativeSelect {...props}>
      <option value="">Select a category</option>
      {SERVICE_CATEGORIES.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </NativeSelect>
  );
}
