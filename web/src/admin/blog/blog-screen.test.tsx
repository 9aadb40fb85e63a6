import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminPost } from '../../gen/wire';
import '../editor/editor-test-stubs';
import { jsonAnswer, renderScreen } from '../test-utils';
import BlogScreen from './blog-screen';

const renderAt = (path: string) => renderScreen('/admin/blog/*', <BlogScreen />, path);
const answer = jsonAnswer;

const post: AdminPost = {
  id: 'post000000000001',
  earlierSlugs: [],
  slug: '',
  seoTitle: '',
  seoDescription: '',
  socialImage: '',
  title: 'Cloud bills',
  description: 'Why they grow.',
  content: '<p>No heading yet.</p>',
  status: 'draft',
  image: '',
  imageAlt: '',
  imageVersions: [],
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
  url: '/blog/post000000000001',
  version: 1,
  updatedBy: 'Ed',
  schedule: null,
  authorId: '',
};

const sectionsMessage = 'Start each section with a heading (Heading 2). The post is shown one section at a time, and each section’s heading is its title.';

/** The upload in flight: finish() makes it answer. */
let finish: () => void = () => {};

/** An XMLHttpRequest that reports progress and answers with status and body when finish() is called. */
function fakeXHR(status: number, body: unknown) {
  return class {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send() {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      finish = () => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      };
    }
  };
}

describe('BlogScreen', () => {
  it('shows why a post cannot be published, at its content', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (url.endsWith('/publish')) {
          return answer(400, { error: { code: 'invalid', message: 'The post cannot be published until the highlighted fields are complete.', fields: { content: sectionsMessage } } });
        }
        return answer(200, init?.method === 'PUT' ? { ...post, ...JSON.parse(String(init.body)) } : post);
      }),
    );
    renderAt(`/admin/blog/${post.id}`);
    expect(((await screen.findByLabelText('Title')) as HTMLInputElement).value).toBe('Cloud bills');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Publish' })));
    expect((await screen.findByRole('alert')).textContent).toContain('cannot be published');
    const content = screen.getByRole('textbox', { name: 'Content' });
    expect(content.getAttribute('aria-invalid')).toBe('true');
    const ids = content.getAttribute('aria-describedby')!.split(' ');
    expect(ids.map((i) => document.getElementById(i)?.textContent).join(' ')).toContain('Start each section with a heading (Heading 2).');
    expect(screen.getByText('Draft')).toBeTruthy();
  });

  it('uploads a cover with progress and shows a refusal at the field', async () => {
    vi.stubGlobal('fetch', vi.fn(() => answer(200, post)));
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeXHR(400, { error: { code: 'invalid', message: 'The cover image must be a JPEG, PNG or WebP image (.jpg, .jpeg, .png, .webp).', fields: { image: 'The cover image must be a JPEG, PNG or WebP image (.jpg, .jpeg, .png, .webp).' } } }),
    );
    renderAt(`/admin/blog/${post.id}`);
    const input = (await screen.findByLabelText('Upload a cover image', { exact: false })) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'cover.gif', { type: 'image/gif' })] } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Upload cover image' })));
    expect(((await screen.findByLabelText('Uploading the cover image')) as HTMLProgressElement).value).toBe(0.5);
    act(() => finish());
    expect((await screen.findByRole('alert')).textContent).toContain('JPEG, PNG or WebP');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the current cover in the formats every size has, an older JPEG-only cover as a plain image', async () => {
    const covered: AdminPost = {
      ...post,
      image: '/covers/c-960.jpg',
      imageVersions: [
        { url: '/covers/c-480.jpg', width: 480, height: 270, avif: '/covers/c-480.avif', webp: '/covers/c-480.webp' },
        { url: '/covers/c-960.jpg', width: 960, height: 540, avif: '/covers/c-960.avif', webp: '/covers/c-960.webp' },
      ],
    };
    vi.stubGlobal('fetch', vi.fn(() => answer(200, covered)));
    const { unmount } = renderAt(`/admin/blog/${post.id}`);
    const img = await screen.findByRole('img', { name: 'The current cover image' });
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1280', '720']);
    expect(img.getAttribute('srcset')).toBe('/covers/c-480.jpg 480w, /covers/c-960.jpg 960w');
    const sources = [...img.parentElement!.querySelectorAll('source')];
    expect(sources.map((s) => [s.getAttribute('type'), s.getAttribute('srcset')])).toEqual([
      ['image/avif', '/covers/c-480.avif 480w, /covers/c-960.avif 960w'],
      ['image/webp', '/covers/c-480.webp 480w, /covers/c-960.webp 960w'],
    ]);
    unmount();

    const older = { ...covered, imageVersions: covered.imageVersions.map(({ url, width, height }) => ({ url, width, height })) };
    vi.stubGlobal('fetch', vi.fn(() => answer(200, older)));
    renderAt(`/admin/blog/${post.id}`);
    const plain = await screen.findByRole('img', { name: 'The current cover image' });
    expect(plain.parentElement!.tagName).not.toBe('PICTURE');
    expect(plain.getAttribute('srcset')).toBe('/covers/c-480.jpg 480w, /covers/c-960.jpg 960w');
  });

  it('gives a new post a cover: the draft is saved first, then the cover uploaded into it', async () => {
    const covered: AdminPost = { ...post, image: '/covers/c-960.jpg', imageVersions: [{ url: '/covers/c-960.jpg', width: 960, height: 540 }] };
    const fetchMock = vi.fn((_url: string, init?: RequestInit) => (init?.method === 'POST' ? answer(201, post) : answer(200, covered)));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('XMLHttpRequest', fakeXHR(200, covered));
    renderAt('/admin/blog/new');
    expect(screen.getByText('Uploading saves the new post as a draft first.', { exact: false })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Cloud bills' } });
    const input = screen.getByLabelText('Upload a cover image', { exact: false }) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'cover.png', { type: 'image/png' })] } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Upload cover image' })));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u, i]) => u === '/api/admin/posts' && i?.method === 'POST')).toBe(true));
    act(() => finish());
    expect((await screen.findByRole('status')).textContent).toBe('Draft saved and cover image uploaded.');
    expect(await screen.findByRole('img', { name: 'The current cover image' })).toBeTruthy();
  });
});
