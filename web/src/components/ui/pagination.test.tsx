import { expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Pagination } from './pagination';

const previous = () => page.getByRole('button', { name: 'Previous' });
const next = () => page.getByRole('button', { name: 'Next' });

test('on the first page only Next works, and calls onNext alone', async () => {
  const onPrevious = vi.fn();
  const onNext = vi.fn();
  await render(<Pagination page={1} pages={3} hasNext onPrevious={onPrevious} onNext={onNext} />);
  await expect.element(page.getByText('Page 1 of 3', { exact: true })).toBeVisible();
  await expect.element(previous()).toBeDisabled();
  await next().click();
  expect(onNext).toHaveBeenCalledOnce();
  expect(onPrevious).not.toHaveBeenCalled();
});

test('on a middle page Previous calls onPrevious; on the last Next is disabled', async () => {
  const onPrevious = vi.fn();
  const onNext = vi.fn();
  await render(<Pagination page={3} pages={3} hasNext={false} onPrevious={onPrevious} onNext={onNext} />);
  await expect.element(next()).toBeDisabled();
  await previous().click();
  expect(onPrevious).toHaveBeenCalledOnce();
  expect(onNext).not.toHaveBeenCalled();
});

test('a capped total reads "Y+", and hasPrevious overrides the page number (keyset lists)', async () => {
  await render(<Pagination page={1} pages={5} capped hasPrevious hasNext onPrevious={() => {}} onNext={() => {}} />);
  await expect.element(page.getByText('Page 1 of 5+', { exact: true })).toBeVisible();
  await expect.element(previous()).toBeEnabled();
});
