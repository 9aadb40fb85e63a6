import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Author } from '../../gen/wire';
import { member, renderAdmin, stubApi } from '../test-utils';
import { AuthorField } from './author-field';

const authors: Author[] = [
  { id: 'm1', name: 'Asha Rao', photo: '/photos/asha-96.jpg', disabled: false },
  { id: 'm2', name: 'Ben Old', photo: '', disabled: true },
  { id: 'm3', name: 'Chitra Iyer', photo: '', disabled: false },
];

/** The field in a form that keeps its value, shown for assertions. */
function Harness({ initial, isNew }: { initial: string; isNew: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <AuthorField id="post-authorId" value={value} isNew={isNew} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const options = () => Array.from((screen.getByLabelText('Author') as HTMLSelectElement).options).map((o) => o.textContent);

describe('AuthorField', () => {
  it('starts a new post with the signed-in member as author, when they have a display name', async () => {
    stubApi((c) => (c.path === '/authors' ? { body: authors } : undefined));
    renderAdmin(<Harness initial="" isNew />, '/admin/blog/new', member({ id: 'm1' }));
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('m1'));
    const select = screen.getByLabelText('Author', { selector: 'select' });
    expect(select.getAttribute('aria-describedby')).toBe('post-authorId-help');
    // A disabled member is not offered for a new choice.
    expect(options()).toEqual(['No author (the company’s post)', 'Asha Rao (you)', 'Chitra Iyer']);
    expect(document.querySelector('img')!.getAttribute('src')).toBe('/photos/asha-96.jpg');
    fireEvent.change(select, { target: { value: 'm3' } });
    expect(screen.getByTestId('value').textContent).toBe('m3');
    expect(document.querySelector('img')).toBeNull();
  });

  it('leaves a new post without an author when the member has no display name', async () => {
    const calls = stubApi((c) => (c.path === '/authors' ? { body: authors } : undefined));
    renderAdmin(<Harness initial="" isNew />, '/admin/blog/new', member({ id: 'm9' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(options()).toHaveLength(3));
    expect(screen.getByTestId('value').textContent).toBe('');
  });

  it('keeps a saved post’s author, a disabled one included, and never picks one for it', async () => {
    stubApi((c) => (c.path === '/authors' ? { body: authors } : undefined));
    renderAdmin(<Harness initial="m2" isNew={false} />, '/admin/blog/p1', member({ id: 'm1' }));
    await waitFor(() => expect(options()).toEqual(['No author (the company’s post)', 'Asha Rao (you)', 'Ben Old (account disabled)', 'Chitra Iyer']));
    expect((screen.getByLabelText('Author') as HTMLSelectElement).value).toBe('m2');
    expect(screen.getByTestId('value').textContent).toBe('m2');
  });
});
