import { afterEach, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { ThemeToggle } from './theme-toggle';

afterEach(() => {
  localStorage.clear();
  document.documentElement.classList.remove('dark');
});

test('Dark darkens the page and is kept; System forgets the choice', async () => {
  await render(<ThemeToggle />);
  const select = page.getByRole('combobox', { name: 'Theme' });
  await expect.element(select).toHaveValue('system');
  await userEvent.selectOptions(select, 'dark');
  expect(document.documentElement.classList.contains('dark')).toBe(true);
  expect(localStorage.getItem('theme')).toBe('dark');
  await userEvent.selectOptions(select, 'light');
  expect(document.documentElement.classList.contains('dark')).toBe(false);
  await userEvent.selectOptions(select, 'system');
  expect(localStorage.getItem('theme')).toBeNull();
});

test('opens on the choice kept in this browser', async () => {
  localStorage.setItem('theme', 'light');
  await render(<ThemeToggle />);
  await expect.element(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('light');
});
