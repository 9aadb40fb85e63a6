import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TagsField, tagSlug } from './tags-field';

/** The field with its own state, as the editor holds it; tags() reads the current ones. */
function setup(initial: string[] = [], error?: string) {
  let current = initial;
  function Host() {
    const [tags, setTags] = useState(initial);
    current = tags;
    return (
      <form onSubmit={() => { throw new Error('the form was submitted'); }}>
        <TagsField id="post-tags" tags={tags} onChange={setTags} error={error} />
      </form>
    );
  }
  render(<Host />);
  const input = screen.getByRole('textbox', { name: /^Tags/ });
  return { input, tags: () => current };
}

/** The text of the elements that describe el (aria-describedby). */
function description(el: HTMLElement): string {
  return (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

function type(input: HTMLElement, value: string, key?: string) {
  fireEvent.change(input, { target: { value } });
  if (key) fireEvent.keyDown(input, { key });
}

afterEach(cleanup);

describe('TagsField', () => {
  it('adds a tag on Enter, as typed, without submitting the form', () => {
    const { input, tags } = setup();
    type(input, '  Cloud   Native ', 'Enter');
    expect(tags()).toEqual(['Cloud Native']);
    expect((input as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Remove tag Cloud Native' })).not.toBeNull();
  });

  it('adds the tags before each comma', () => {
    const { input, tags } = setup(['Go']);
    type(input, 'Security, DevOps,');
    expect(tags()).toEqual(['Go', 'Security', 'DevOps']);
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('removes a tag with its button and gives the focus back to the box', () => {
    const { input, tags } = setup(['Go', 'Security']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove tag Go' }));
    expect(tags()).toEqual(['Security']);
    expect(document.activeElement).toBe(input);
    expect(screen.queryByRole('button', { name: 'Remove tag Go' })).toBeNull();
  });

  it.each([
    ['x', 'must be 2 to 30 characters long'],
    ['y'.repeat(31), 'must be 2 to 30 characters long'],
    ['C++', 'may hold only letters, digits, spaces and hyphens'],
    ['--', 'needs at least one letter or digit'],
    ['go', '“Go” is already a tag of this post'],
  ])('refuses %j, says why and keeps the text', (typed, message) => {
    const { input, tags } = setup(['Go']);
    type(input, typed, 'Enter');
    expect(tags()).toEqual(['Go']);
    expect((input as HTMLInputElement).value).toBe(typed);
    expect(description(input)).toContain(message);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('takes at most 8 tags', () => {
    const eight = ['a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7', 'h8'];
    const { input, tags } = setup(eight);
    type(input, 'i9', 'Enter');
    expect(tags()).toEqual(eight);
    expect(description(input)).toContain('at most 8 tags');
  });

  it('shows the server’s message for the field', () => {
    const { input } = setup(['Go'], 'Tags “Go” and “go” are the same tag; keep one.');
    expect(description(input)).toContain('are the same tag');
  });

  it('makes slugs as the server does', () => {
    expect(tagSlug('Cloud  - Native')).toBe('cloud-native');
    expect(tagSlug('Über Café')).toBe('über-café');
  });
});
