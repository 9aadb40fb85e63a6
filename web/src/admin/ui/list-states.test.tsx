import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminTable } from './admin-table';
import { ListStates } from './list-states';

function List({ rows, error = '' }: { rows: string[] | null; error?: string }) {
  return (
    <ListStates rows={rows} error={error} failed={<p role="alert">Could not load. {error}</p>} loading={<p role="status">Loading…</p>} empty={<p>Nothing here.</p>}>
      {(names) => (
        <ul>
          {names.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </ListStates>
  );
}

describe('ListStates', () => {
  afterEach(cleanup);

  it('says it is loading until there are rows', () => {
    render(<List rows={null} />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says why loading failed, and no longer that it is loading', () => {
    render(<List rows={null} error="Server down." />);
    expect(screen.getByRole('alert').textContent).toBe('Could not load. Server down.');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says a list with no rows is empty', () => {
    render(<List rows={[]} />);
    expect(screen.getByText('Nothing here.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the rows, and keeps them on screen after a reload failed', () => {
    const { rerender } = render(<List rows={['Asha', 'Ravi']} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Asha', 'Ravi']);
    rerender(<List rows={['Asha', 'Ravi']} error="Server down." />);
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText('Nothing here.')).toBeNull();
  });

  it('leaves the failure to the screen when it has no words for it', () => {
    render(
      <ListStates rows={null} error="Server down." loading={<p>Loading…</p>} empty={<p>Nothing here.</p>}>
        {() => null}
      </ListStates>,
    );
    expect(document.body.textContent).toBe('');
  });
});

describe('AdminTable', () => {
  afterEach(cleanup);

  const rows = (
    <tr>
      <td>Asha</td>
      <td>Admin</td>
    </tr>
  );

  it('is a table with a header cell a column, a caption for screen readers and the rows', () => {
    render(
      <AdminTable columns={['Name', 'Role']} caption="Staff, by name" headerClassName="py-2 pr-4" lastHeaderClassName="py-2">
        {rows}
      </AdminTable>,
    );
    const table = screen.getByRole('table', { name: 'Staff, by name' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => [h.textContent, h.getAttribute('scope'), h.className])).toEqual([
      ['Name', 'col', 'py-2 pr-4'],
      ['Role', 'col', 'py-2'],
    ]);
    expect(table.querySelector('caption')!.className).toBe('sr-only');
    expect(within(table).getByRole('cell', { name: 'Asha' })).toBeTruthy();
    expect(table.parentElement!.className).toBe('relative overflow-x-auto');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('can be a named region keyboard users can focus to scroll, with no caption', () => {
    render(
      <AdminTable columns={['Name', 'Role']} region="Staff accounts table">
        {rows}
      </AdminTable>,
    );
    const region = screen.getByRole('region', { name: 'Staff accounts table' });
    expect(region.tabIndex).toBe(0);
    expect(region.className).toBe('relative overflow-x-auto');
    expect(region.querySelector('caption')).toBeNull();
    expect(within(region).getAllByRole('columnheader').map((h) => h.className)).toEqual(['py-2 pr-3', 'py-2 pr-3']);
  });
});
