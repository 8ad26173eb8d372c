import { describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { z } from 'zod';
import { useZodForm } from '@/lib/use-zod-form';
import { FormTextField, SelectField } from './form-fields';
import { PasswordField } from './password-field';
import { SearchField } from './search-field';
import { TextField } from './text-field';

describe('TextField', () => {
  test('its label names the input, and a required one says so', async () => {
    await render(<TextField id="email" label="Email" type="email" required />);
    const input = page.getByLabelText('Email');
    await expect.element(input).toHaveAttribute('id', 'email');
    await expect.element(input).toBeRequired();
    await expect.element(input).not.toHaveAttribute('aria-invalid');
    await expect.element(input).not.toHaveAttribute('aria-describedby');
    await page.getByText('Email').click();
    await expect.element(input).toHaveFocus();
  });

  test('an error marks the input invalid and describes it with the message', async () => {
    await render(<TextField id="email" label="Email" error="Enter a valid email" />);
    const input = page.getByRole('textbox', { name: 'Email' });
    await expect.element(input).toHaveAttribute('aria-invalid', 'true');
    await expect.element(input).toHaveAccessibleDescription('Enter a valid email');
  });
});

describe('PasswordField', () => {
  test('hides what is typed until the button shows it, and says which it does', async () => {
    await render(<PasswordField id="password" label="Password" />);
    const input = page.getByLabelText('Password', { exact: true });
    await userEvent.fill(input, 'correct horse');
    await expect.element(input).toHaveAttribute('type', 'password');
    const show = page.getByRole('button', { name: 'Show password' });
    await expect.element(show).toHaveAttribute('aria-pressed', 'false');
    await show.click();
    await expect.element(input).toHaveAttribute('type', 'text');
    await expect.element(input).toHaveValue('correct horse');
    await expect.element(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('SearchField', () => {
  test('is named without a visible label, and its error describes it', async () => {
    await render(<SearchField id="search" label="Search users" error="Type at least 2 characters" />);
    const input = page.getByRole('textbox', { name: 'Search users' });
    await expect.element(input).toHaveAttribute('aria-invalid', 'true');
    await expect.element(input).toHaveAccessibleDescription('Type at least 2 characters');
  });
});

const schema = z.object({
  name: z.string().trim().min(1, 'Enter a name'),
  role: z.enum(['member', 'admin'], { message: 'Choose a role' }),
});

function MemberForm({ onSave }: { onSave: (values: z.output<typeof schema>) => void }) {
  const form = useZodForm(schema, { defaultValues: { name: '', role: '' as 'member' } });
  return (
    <form onSubmit={form.handleSubmit(onSave)} noValidate>
      <FormTextField form={form} name="name" id="member-name" label="Name" />
      <SelectField form={form} name="role" id="member-role" label="Role">
        <option value="">Choose…</option>
        <option value="member">Member</option>
        <option value="admin">Admin</option>
      </SelectField>
      <button type="submit">Save</button>
    </form>
  );
}

describe('fields bound to a form', () => {
  test('a refused submit announces each field’s rule on the field, and fixing it clears it', async () => {
    const onSave = vi.fn();
    await render(<MemberForm onSave={onSave} />);
    const name = page.getByRole('textbox', { name: 'Name' });
    const role = page.getByRole('combobox', { name: 'Role' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.element(name).toHaveAttribute('aria-invalid', 'true');
    await expect.element(name).toHaveAccessibleDescription('Enter a name');
    await expect.element(role).toHaveAttribute('aria-invalid', 'true');
    await expect.element(role).toHaveAccessibleDescription('Choose a role');
    expect(onSave).not.toHaveBeenCalled();

    await userEvent.fill(name, '  Ada  ');
    await expect.element(name).not.toHaveAttribute('aria-invalid');
    await expect.element(name).toHaveAccessibleDescription('');
    await userEvent.selectOptions(role, 'admin');
    await page.getByRole('button', { name: 'Save' }).click();
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]?.[0]).toEqual({ name: 'Ada', role: 'admin' });
  });
});
