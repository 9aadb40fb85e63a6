import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SlugField } from './slug-field';

describe('SlugField', () => {
  afterEach(cleanup);

  it('lists the addresses the post had before, newest first, which lead to it', () => {
    render(<SlugField postId="p1" title="Moving" slug="third" onChange={() => {}} earlier={['second', 'first']} />);
    expect(screen.getByRole('textbox', { name: 'Slug' })).toHaveProperty('value', 'third');
    const list = screen.getByRole('list', { name: 'Earlier addresses, which lead here:' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `${location.origin}/blog/second`,
      `${location.origin}/blog/first`,
    ]);
  });

  it('shows no such list for a post that has had no other address', () => {
    render(<SlugField postId="p1" title="Moving" slug="only" onChange={() => {}} earlier={[]} />);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByText(/Earlier addresses/)).toBeNull();
  });
});
