import { describe, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { DataTable, type Column } from './data-table';

interface Person {
  id: string;
  name: string;
  email: string;
}

const PEOPLE: Person[] = [
  { id: '1', name: 'Ada', email: 'ada@example.com' },
  { id: '2', name: 'Grace', email: 'grace@example.com' },
];

const COLUMNS: Column<Person>[] = [
  { header: 'Name', cell: (person) => <strong>{person.name}</strong> },
  { header: 'Email', cell: (person) => person.email },
];

const table = () => page.getByRole('table', { name: 'People' });
const bodyRows = () => [...table().element().querySelectorAll('tbody tr')] as HTMLTableRowElement[];
const header = (name: string) =>
  [...table().element().querySelectorAll('th')].find((cell) => cell.textContent?.startsWith(name));

function renderTable(props: Partial<Parameters<typeof DataTable<Person>>[0]> = {}) {
  return render(
    <DataTable<Person>
      label="People"
      columns={COLUMNS}
      rows={PEOPLE}
      rowKey={(person) => person.id}
      isPending={false}
      empty="No people yet."
      {...props}
    />,
  );
}

describe('DataTable', () => {
  test('names the table, heads each column and renders each row through the columns', async () => {
    await renderTable({ rowTestId: 'person-row', footer: <p>Under the table</p> });
    await expect.element(table()).toBeVisible();
    expect([...table().element().querySelectorAll('th')].map((cell) => cell.textContent)).toEqual(['Name', 'Email']);
    expect(bodyRows().map((row) => [...row.cells].map((cell) => cell.textContent))).toEqual([
      ['Ada', 'ada@example.com'],
      ['Grace', 'grace@example.com'],
    ]);
    expect(page.getByTestId('person-row').elements()).toHaveLength(2);
    await expect.element(page.getByText('Under the table')).toBeVisible();
  });

  test('shows a spinner across the table while the first page loads', async () => {
    await renderTable({ rows: undefined, isPending: true });
    // Unstyled here, the spinner has no size: it is there, named, rather than visible.
    await expect.element(table().getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]?.cells[0]?.colSpan).toBe(2);
  });

  test('keeps the rows already shown while the next page loads', async () => {
    await renderTable({ isPending: true });
    await expect.element(table().getByText('Grace', { exact: true })).toBeVisible();
    expect(table().getByRole('status').query()).toBeNull();
  });

  test('says the empty text in a row of its own when there are no rows', async () => {
    await renderTable({ rows: [] });
    await expect.element(table().getByRole('cell', { name: 'No people yet.' })).toBeVisible();
    expect(bodyRows()).toHaveLength(1);
  });

  test('announces the error above the table, rows kept', async () => {
    await renderTable({ error: 'The list could not load' });
    await expect.element(page.getByRole('alert')).toHaveTextContent('The list could not load');
    await expect.element(table().getByText('Ada', { exact: true })).toBeVisible();
  });

  test('a sortable column says its order and asks for another on click', async () => {
    const onSortName = vi.fn();
    const onSortEmail = vi.fn();
    const columns: Column<Person>[] = [
      { ...COLUMNS[0]!, sort: { direction: 'asc', onSort: onSortName } },
      { ...COLUMNS[1]!, sort: { direction: null, onSort: onSortEmail } },
    ];
    const view = await renderTable({ columns });
    expect(header('Name')?.getAttribute('aria-sort')).toBe('ascending');
    expect(header('Name')?.textContent).toBe('Name ↑');
    expect(header('Email')?.getAttribute('aria-sort')).toBe('none');
    await table().getByRole('button', { name: /Email/ }).click();
    expect(onSortEmail).toHaveBeenCalledOnce();
    expect(onSortName).not.toHaveBeenCalled();

    await view.rerender(
      <DataTable<Person>
        label="People"
        columns={[columns[0]!, { ...columns[1]!, sort: { direction: 'desc', onSort: onSortEmail } }]}
        rows={PEOPLE}
        rowKey={(person) => person.id}
        isPending={false}
        empty="No people yet."
      />,
    );
    expect(header('Email')?.getAttribute('aria-sort')).toBe('descending');
    await expect.element(table().getByRole('button', { name: /Email/ })).toHaveTextContent('Email ↓');
  });

  test('a header control stands in for the header text', async () => {
    const columns: Column<Person>[] = [
      { header: 'Select', headerContent: <input type="checkbox" aria-label="Select all people" />, cell: () => null },
      ...COLUMNS,
    ];
    await renderTable({ columns });
    await expect.element(table().getByRole('checkbox', { name: 'Select all people' })).toBeVisible();
  });
});
