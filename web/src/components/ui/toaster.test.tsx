import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { notify } from '@/lib/notify';
import { Toaster } from './toaster';

test('an outcome is announced in a polite live region, and the toast can be closed', async () => {
  await render(<Toaster />);
  notify.success('Profile updated');
  const toast = page.getByRole('listitem').filter({ hasText: 'Profile updated' });
  await expect.element(toast).toBeVisible();
  const region = page.getByRole('region', { name: /Notifications/ });
  await expect.element(region).toHaveAttribute('aria-live', 'polite');
  await toast.getByRole('button', { name: 'Close toast' }).click();
  await expect.element(toast).not.toBeInTheDocument();
});
