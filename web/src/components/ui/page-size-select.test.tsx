import { expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { PAGE_SIZES } from '#common/admin';
import { PageSizeSelect } from './page-size-select';

test('offers every page size and hands over the chosen one as a number', async () => {
  const onChange = vi.fn();
  await render(<PageSizeSelect value={20} onChange={onChange} />);
  const select = page.getByRole('combobox', { name: 'Page size' });
  await expect.element(select).toHaveValue('20');
  expect(
    select
      .getByRole('option')
      .elements()
      .map((option) => option.textContent),
  ).toEqual(PAGE_SIZES.map((size) => `${size} per page`));
  await userEvent.selectOptions(select, '50');
  expect(onChange).toHaveBeenCalledWith(50);
});
