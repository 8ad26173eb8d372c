import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { QueryList } from './item-list';
import { QueryView } from './query-view';

const names = (data: string[]) => <p>{data.join(', ')}</p>;

describe('QueryView', () => {
  test('a spinner while pending', async () => {
    await render(
      <QueryView query={{ isPending: true, error: null, data: undefined }} empty="Nothing yet.">
        {names}
      </QueryView>,
    );
    await expect.element(page.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  test('the empty text when there is nothing', async () => {
    await render(
      <QueryView query={{ isPending: false, error: null, data: [] }} empty="Nothing yet.">
        {names}
      </QueryView>,
    );
    await expect.element(page.getByText('Nothing yet.')).toBeVisible();
  });

  test('the data, and a failed refresh announced above the data already shown', async () => {
    await render(
      <QueryView
        query={{ isPending: false, error: new Error('Could not refresh'), data: ['Ada', 'Grace'] }}
        empty="Nothing yet."
      >
        {names}
      </QueryView>,
    );
    await expect.element(page.getByRole('alert')).toHaveTextContent('Could not refresh');
    await expect.element(page.getByText('Ada, Grace')).toBeVisible();
  });

  test('QueryList names its list and renders each item', async () => {
    await render(
      <QueryList
        label="Teams"
        query={{ isPending: false, error: null, data: ['Platform', 'Support'] }}
        empty="No teams."
      >
        {(team) => <li key={team}>{team}</li>}
      </QueryList>,
    );
    expect(
      page
        .getByRole('list', { name: 'Teams' })
        .getByRole('listitem')
        .elements()
        .map((item) => item.textContent),
    ).toEqual(['Platform', 'Support']);
  });
});
