import { describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { ConfirmButton } from './confirm-button';
import { ConfirmDeleteButton } from './confirm-delete-button';

const dialog = () => page.getByRole('alertdialog', { name: 'Revoke the key?' });
const trigger = () => page.getByRole('button', { name: 'Revoke' });

async function openConfirm(onConfirm = vi.fn()) {
  await render(
    <ConfirmButton
      variant="danger"
      title="Revoke the key?"
      question="Apps using it stop working."
      confirmLabel="Revoke key"
      onConfirm={onConfirm}
    >
      Revoke
    </ConfirmButton>,
  );
  await trigger().click();
  await expect.element(dialog()).toBeVisible();
  return onConfirm;
}

describe('ConfirmButton and its dialog', () => {
  test('asks in an alert dialog named by the title and described by the question', async () => {
    await openConfirm();
    await expect.element(dialog()).toHaveAccessibleDescription('Apps using it stop working.');
    await expect.element(dialog().getByRole('button', { name: 'Revoke key' })).toBeVisible();
  });

  test('Cancel has the focus, so Enter right away changes nothing', async () => {
    const onConfirm = await openConfirm();
    await expect.element(dialog().getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(dialog()).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  test('the confirm answer runs the action once and closes', async () => {
    const onConfirm = await openConfirm();
    await dialog().getByRole('button', { name: 'Revoke key' }).click();
    expect(onConfirm).toHaveBeenCalledOnce();
    await expect.element(dialog()).not.toBeInTheDocument();
  });

  test.each([
    ['Cancel', () => dialog().getByRole('button', { name: 'Cancel' }).click()],
    ['Escape', () => userEvent.keyboard('{Escape}')],
  ])('%s closes without the action, and the focus returns to the trigger', async (_way, close) => {
    const onConfirm = await openConfirm();
    await close();
    await expect.element(dialog()).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    await expect.element(trigger()).toHaveFocus();
  });

  test('the dialog can be asked again after a cancel', async () => {
    const onConfirm = await openConfirm();
    await userEvent.keyboard('{Escape}');
    await trigger().click();
    await dialog().getByRole('button', { name: 'Revoke key' }).click();
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});

describe('ConfirmDeleteButton', () => {
  test('is named for what goes, asks with Delete, and deletes only on Delete', async () => {
    const onConfirm = vi.fn();
    await render(
      <ConfirmDeleteButton
        label="Delete API key Deploy"
        title="Delete API key?"
        question="It stops working at once."
        onConfirm={onConfirm}
      />,
    );
    await page.getByRole('button', { name: 'Delete API key Deploy' }).click();
    const asking = page.getByRole('alertdialog', { name: 'Delete API key?' });
    await expect.element(asking).toBeVisible();
    await asking.getByRole('button', { name: 'Delete', exact: true }).click();
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  test('a disabled one does not ask', async () => {
    await render(
      <ConfirmDeleteButton
        label="Delete API key Deploy"
        title="Delete API key?"
        question="?"
        onConfirm={() => {}}
        disabled
      />,
    );
    await expect.element(page.getByRole('button', { name: 'Delete API key Deploy' })).toBeDisabled();
    expect(page.getByRole('alertdialog').query()).toBeNull();
  });
});
