import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PostImage } from '../../gen/wire';
import { ApiRequestError } from '../../lib/api-client';
import './editor-test-stubs';
import { RichTextEditor } from './rich-text-editor';

const stored: PostImage = {
  src: '/covers/post-image-1764150000000-ab3de-1600.jpg',
  width: 1600,
  height: 900,
  versions: [
    { url: '/covers/post-image-1764150000000-ab3de-480.jpg', width: 480, height: 270 },
    { url: '/covers/post-image-1764150000000-ab3de-1600.jpg', width: 1600, height: 900 },
  ],
};

function Harness({ upload, onChange }: { upload?: (file: File, p: (s: number) => void) => Promise<PostImage>; onChange?: (html: string) => void }) {
  const [value, setValue] = useState('<p>Intro</p>');
  return (
    <RichTextEditor
      label="Content"
      value={value}
      onChange={(html) => {
        setValue(html);
        onChange?.(html);
      }}
      uploadImage={upload}
    />
  );
}

function chooseFile(name = 'harbour.png') {
  const input = screen.getByLabelText('Image file') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['png'], name, { type: 'image/png' })] } });
}

afterEach(cleanup);

describe('Image dialog', () => {
  it('is offered only with an upload (a post, not a job)', async () => {
    render(<Harness />);
    await screen.findByRole('button', { name: 'Link' });
    expect(screen.queryByRole('button', { name: 'Image' })).toBeNull();
  });

  it('asks for a file and the alt text before uploading anything', async () => {
    const upload = vi.fn(() => Promise.resolve(stored));
    render(<Harness upload={upload} />);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Image' })));
    const dialog = await screen.findByRole('dialog', { name: 'Insert image' });
    expect(document.activeElement).toBe(screen.getByLabelText('Image file'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Insert image' })));
    expect(dialog.textContent).toContain('Choose an image to insert');
    chooseFile();
    fireEvent.change(screen.getByLabelText('Alt text', { exact: false }), { target: { value: '   ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Insert image' })));
    const alt = screen.getByLabelText('Alt text', { exact: false });
    expect(alt.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/Enter the alt text: describe what the image shows/).id).toBe(alt.getAttribute('aria-describedby')?.split(' ')[1]);
    expect(document.activeElement).toBe(alt);
    expect(upload).not.toHaveBeenCalled();
  });

  it('uploads, inserts a figure with the alt text and caption, and gives focus back to the editor', async () => {
    const changes = vi.fn();
    const upload = vi.fn((_file: File, progress: (s: number) => void) => {
      progress(0.5);
      return Promise.resolve(stored);
    });
    render(<Harness upload={upload} onChange={changes} />);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Image' })));
    await screen.findByRole('dialog', { name: 'Insert image' });
    chooseFile();
    fireEvent.change(screen.getByLabelText('Alt text', { exact: false }), { target: { value: ' The harbour at dusk ' } });
    fireEvent.change(screen.getByLabelText('Caption (optional)'), { target: { value: 'Seen from the water' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Insert image' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]![0].name).toBe('harbour.png');
    const html = changes.mock.lastCall?.[0] as string;
    expect(html).toContain(
      `<figure><img src="${stored.src}" alt="The harbour at dusk" width="1600" height="900"><figcaption>Seen from the water</figcaption></figure>`,
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Content' })));
  });

  it('inserts an image alone without a caption', async () => {
    const changes = vi.fn();
    render(<Harness upload={() => Promise.resolve(stored)} onChange={changes} />);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Image' })));
    await screen.findByRole('dialog', { name: 'Insert image' });
    chooseFile();
    fireEvent.change(screen.getByLabelText('Alt text', { exact: false }), { target: { value: 'A diagram' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Insert image' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const html = changes.mock.lastCall?.[0] as string;
    expect(html).toContain(`<img src="${stored.src}" alt="A diagram" width="1600" height="900">`);
    expect(html).not.toContain('<figure');
  });

  it("shows the server's refusal at the file and keeps what was typed", async () => {
    const msg = 'The image must be a JPEG, PNG or WebP image (.jpg, .jpeg, .png, .webp).';
    const upload = vi.fn(() => Promise.reject(new ApiRequestError(422, { code: 'invalid', message: 'Please correct the highlighted fields.', fields: { image: msg } })));
    render(<Harness upload={upload} />);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Image' })));
    await screen.findByRole('dialog', { name: 'Insert image' });
    chooseFile('anim.gif');
    fireEvent.change(screen.getByLabelText('Alt text', { exact: false }), { target: { value: 'A cat' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Insert image' })));
    await screen.findByText(msg);
    expect(screen.getByLabelText('Image file').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('Alt text', { exact: false }) as HTMLInputElement).value).toBe('A cat');
  });

  it('closes on Escape and gives focus back to the editor', async () => {
    render(<Harness upload={() => Promise.resolve(stored)} />);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Image' })));
    const dialog = await screen.findByRole('dialog', { name: 'Insert image' });
    act(() => fireEvent.keyDown(dialog, { key: 'Escape' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Content' })));
  });

  it('reads a stored figure back as one picture', async () => {
    const changes = vi.fn();
    function Loaded() {
      const [value, setValue] = useState(`<p>a</p><figure><img src="${stored.src}" alt="x" width="1600" height="900"/><figcaption>c</figcaption></figure>`);
      return <RichTextEditor label="Content" value={value} onChange={(h) => (setValue(h), changes(h))} uploadImage={() => Promise.resolve(stored)} />;
    }
    render(<Loaded />);
    const area = await screen.findByRole('textbox', { name: 'Content' });
    await waitFor(() => expect(area.querySelector('figure img')?.getAttribute('alt')).toBe('x'));
    expect(area.querySelector('figcaption')?.textContent).toBe('c');
  });
});
