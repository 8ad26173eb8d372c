import { PAGE_SIZES } from '#common/admin';
import { Select } from './select';

/** How many rows a paged list shows, from the sizes every list offers. */
export function PageSizeSelect({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  return (
    <Select aria-label="Page size" value={value} onChange={(event) => onChange(Number(event.target.value))}>
      {PAGE_SIZES.map((size) => (
        <option key={size} value={size}>
          {size} per page
        </option>
      ))}
    </Select>
  );
}
