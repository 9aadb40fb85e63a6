import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PostAuthor } from '../../gen/wire';
import { PostAuthorBox, PostByline } from './post-author';

const author: PostAuthor = {
  name: 'Asha Rao',
  bio: 'Writes about cloud costs.\nRuns in the mornings.',
  photo: '/photos/photo-96.jpg',
  photoSize: 96,
  photoSrcset: '/photos/photo-96.jpg 96w, /photos/photo-192.jpg 192w, /photos/photo-384.jpg 384w',
  photoSources: [{ type: 'image/webp', srcset: '/photos/photo-96.webp 96w, /photos/photo-192.webp 192w, /photos/photo-384.webp 384w' }],
};

afterEach(cleanup);

describe('PostAuthorBox', () => {
  it('shows the photo named by the author, with its size, sizes and formats, then name and bio', () => {
    render(<PostAuthorBox author={author} />);
    const box = screen.getByRole('complementary', { name: 'About the author' });
    const img = screen.getByRole('img', { name: 'Asha Rao' });
    expect(box.contains(img)).toBe(true);
    expect(img.getAttribute('width')).toBe('96');
    expect(img.getAttribute('height')).toBe('96');
    expect(img.getAttribute('srcset')).toBe(author.photoSrcset);
    expect(img.getAttribute('sizes')).toBe('80px');
    expect(img.getAttribute('loading')).toBe('lazy');
    const source = img.parentElement!.querySelector('source')!;
    expect(source.getAttribute('type')).toBe('image/webp');
    expect(source.getAttribute('srcset')).toBe(author.photoSources![0]!.srcset);
    expect(screen.getByText('Asha Rao', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText(/Writes about cloud costs\.\s+Runs in the mornings\./).className).toContain('whitespace-pre-line');
  });

  it('shows name and bio without a photo, and nothing without an author', () => {
    const { container, rerender } = render(<PostAuthorBox author={{ name: 'Asha Rao', bio: '' }} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('Asha Rao')).toBeTruthy();
    expect(container.querySelectorAll('p')).toHaveLength(1);
    rerender(<PostAuthorBox author={undefined} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('PostByline', () => {
  it('names the author, or shows nothing', () => {
    const { container, rerender } = render(<PostByline author={author} />);
    expect(container.textContent).toBe('By Asha Rao');
    rerender(<PostByline author={undefined} />);
    expect(container.innerHTML).toBe('');
  });
});
