import { describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { z } from 'zod';
import { InlineEditForm } from './inline-edit-form';
import { NameForm } from './name-form';

const schema = z.object({ name: z.string().trim().min(1, 'Enter a name') });

async function renderInlineEdit(props: { error?: string; pending?: boolean } = {}) {
  const onSave = vi.fn();
  const onCancel = vi.fn();
  await render(
    <InlineEditForm
      id="passkey-name"
      label="Passkey name"
      defaultValue="Laptop"
      schema={schema}
      maxLength={20}
      onSave={onSave}
      onCancel={onCancel}
      pending={props.pending ?? false}
      error={props.error}
    />,
  );
  return { onSave, onCancel };
}

const field = () => page.getByRole('textbox', { name: 'Passkey name' });

describe('InlineEditForm', () => {
  test('opens focused on the current name, and Enter saves the schema’s output', async () => {
    const { onSave } = await renderInlineEdit();
    await expect.element(field()).toHaveFocus();
    await expect.element(field()).toHaveValue('Laptop');
    await userEvent.fill(field(), '  Work laptop ');
    await userEvent.keyboard('{Enter}');
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledWith('Work laptop'));
  });

  test('an empty name is refused on the field, without saving', async () => {
    const { onSave } = await renderInlineEdit();
    await userEvent.fill(field(), '   ');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.element(field()).toHaveAttribute('aria-invalid', 'true');
    await expect.element(field()).toHaveAccessibleDescription('Enter a name');
    expect(onSave).not.toHaveBeenCalled();
  });

  test('the server’s refusal describes the field; Cancel cancels; Save waits while pending', async () => {
    const { onCancel } = await renderInlineEdit({ error: 'That name is taken', pending: true });
    await expect.element(field()).toHaveAccessibleDescription('That name is taken');
    await expect.element(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(onCancel).toHaveBeenCalledOnce();
  });
});

function mutation(outcome: 'ok' | 'fail') {
  return {
    mutateAsync: vi.fn((name: string) => (outcome === 'ok' ? Promise.resolve(name) : Promise.reject(new Error('no')))),
    isPending: false,
    error: null,
  };
}

describe('NameForm', () => {
  const nameField = () => page.getByRole('textbox', { name: 'Organization name' });
  const create = () => page.getByRole('button', { name: 'Create' });

  test('Create waits for a name; a created one is trimmed, the field cleared, then onDone', async () => {
    const created = mutation('ok');
    const onDone = vi.fn();
    await render(
      <NameForm id="org-name" label="Organization name" submitLabel="Create" mutation={created} onDone={onDone} />,
    );
    await expect.element(create()).toBeDisabled();
    await userEvent.fill(nameField(), '   ');
    await expect.element(create()).toBeDisabled();
    await userEvent.fill(nameField(), '  Acme  ');
    await userEvent.keyboard('{Enter}');
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(created.mutateAsync).toHaveBeenCalledWith('Acme');
    await expect.element(nameField()).toHaveValue('');
  });

  test('a refused one keeps the text, and the call’s error shows above', async () => {
    const refused = { ...mutation('fail'), error: new Error('That slug is taken') };
    const onDone = vi.fn();
    await render(
      <NameForm id="org-name" label="Organization name" submitLabel="Create" mutation={refused} onDone={onDone} />,
    );
    await expect.element(page.getByRole('alert')).toHaveTextContent('That slug is taken');
    await userEvent.fill(nameField(), 'Acme');
    await create().click();
    await vi.waitFor(() => expect(refused.mutateAsync).toHaveBeenCalledOnce());
    await expect.element(nameField()).toHaveValue('Acme');
    expect(onDone).not.toHaveBeenCalled();
  });
});
