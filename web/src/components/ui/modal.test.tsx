import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Modal } from './modal';

/** A page with a control before the dialog's trigger, so that focus has somewhere to leak to. */
function Screen({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Behind</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Modal
          title="Rename"
          description="Pick a new name."
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <input aria-label="New name" />
          <button type="button">Save</button>
        </Modal>
      )}
    </>
  );
}

const dialog = () => page.getByRole('dialog', { name: 'Rename' });
const active = () => document.activeElement;

async function open() {
  await page.getByRole('button', { name: 'Open' }).click();
  await expect.element(dialog()).toBeVisible();
}

describe('Modal', () => {
  test('opens as a modal dialog, named by its title and described by its text', async () => {
    await render(<Screen />);
    await open();
    await expect.element(dialog()).toHaveAccessibleDescription('Pick a new name.');
    expect(dialog().element().matches(':modal')).toBe(true);
  });

  test('focuses its first control when it opens', async () => {
    await render(<Screen />);
    await open();
    await expect.element(dialog().getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  test('Tab and Shift+Tab cycle inside the dialog and never reach the page behind', async () => {
    await render(<Screen />);
    await open();
    const inside = dialog().element();
    const seen: string[] = [];
    for (let step = 0; step < 8; step += 1) {
      await userEvent.tab();
      const focused = active();
      // Past the last control the browser's own toolbar may take focus (the body here); never the page.
      expect(focused === document.body || inside.contains(focused)).toBe(true);
      if (focused !== document.body) seen.push(focused?.getAttribute('aria-label') ?? focused?.textContent ?? '');
    }
    expect(new Set(seen)).toEqual(new Set(['Close', 'New name', 'Save']));
    await userEvent.tab({ shift: true });
    expect(active() === document.body || inside.contains(active())).toBe(true);
  });

  test('the page behind is inert: it cannot be clicked', async () => {
    const behind = vi.fn();
    await render(
      <>
        <button type="button" onClick={behind}>
          Behind
        </button>
        <Modal title="Rename" onClose={() => {}}>
          <p>Body</p>
        </Modal>
      </>,
    );
    await expect.element(dialog()).toBeVisible();
    const button = page.getByRole('button', { name: 'Behind', includeHidden: true }).element() as HTMLButtonElement;
    button.focus();
    expect(active()).not.toBe(button);
    expect(behind).not.toHaveBeenCalled();
  });

  test('Escape asks the owner to close, once, and the dialog goes', async () => {
    const onClose = vi.fn();
    await render(<Screen onClose={onClose} />);
    await open();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    await expect.element(dialog()).not.toBeInTheDocument();
  });

  test('Escape leaves the dialog open while its owner keeps it', async () => {
    const onClose = vi.fn();
    await render(
      <Modal title="Rename" onClose={onClose}>
        <p>Body</p>
      </Modal>,
    );
    await expect.element(dialog()).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    await expect.element(dialog()).toBeVisible();
  });

  test('the Close button asks the owner to close, and focus returns to the trigger', async () => {
    const onClose = vi.fn();
    await render(<Screen onClose={onClose} />);
    await open();
    await dialog().getByRole('button', { name: 'Close' }).click();
    expect(onClose).toHaveBeenCalledOnce();
    await expect.element(dialog()).not.toBeInTheDocument();
    await expect.element(page.getByRole('button', { name: 'Open' })).toHaveFocus();
  });
});
