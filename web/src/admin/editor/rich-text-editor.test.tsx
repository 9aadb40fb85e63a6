import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import './editor-test-stubs';
import { RichTextEditor } from './rich-text-editor';

function Harness({ initial = '', onChange }: { initial?: string; onChange?: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <RichTextEditor
      label="Description"
      description="Start each section with a heading."
      value={value}
      onChange={(html) => {
        setValue(html);
        onChange?.(html);
      }}
    />
  );
}

afterEach(cleanup);



describe('RichTextEditor', () => {
  it('labels the editable area and its toolbar', async () => {
    render(<Harness initial="<p>Hello</p>" />);
    const area = await screen.findByRole('textbox', { name: 'Description' });
    expect(area.getAttribute('aria-describedby')).toBeTruthy();
    expect(area.getAttribute('contenteditable')).toBe('true');
    const toolbar = screen.getByRole('toolbar', { name: 'Description formatting' });
    for (const name of ['Heading 2', 'Heading 3', 'Bold', 'Italic', 'Bulleted list', 'Numbered list', 'Link', 'Undo', 'Redo']) {
      expect(toolbar.contains(screen.getByRole('button', { name }))).toBe(true);
    }
  });

  it('toggles a heading and reports pressed state and HTML', async () => {
    const changes = vi.fn();
    render(<Harness initial="<p>Section title</p>" onChange={changes} />);
    const h2 = await screen.findByRole('button', { name: 'Heading 2' });
    expect(h2.getAttribute('aria-pressed')).toBe('false');
    act(() => fireEvent.click(h2));
    await waitFor(() => expect(h2.getAttribute('aria-pressed')).toBe('true'));
    expect(changes).toHaveBeenLastCalledWith('<h2>Section title</h2>');
    act(() => fireEvent.click(h2));
    await waitFor(() => expect(h2.getAttribute('aria-pressed')).toBe('false'));
    expect(changes).toHaveBeenLastCalledWith('<p>Section title</p>');
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo.hasAttribute('aria-pressed')).toBe(false);
    expect((undo as HTMLButtonElement).disabled).toBe(false);
  });

  it('toggles a list and bold', async () => {
    const changes = vi.fn();
    render(<Harness initial="<p>Item</p>" onChange={changes} />);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Bulleted list' })));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Bulleted list' }).getAttribute('aria-pressed')).toBe('true'));
    expect(changes).toHaveBeenLastCalledWith('<ul><li><p>Item</p></li></ul>');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Bold' })));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true'));
  });

  it('adds a link with its text from the link dialog, saying what is missing first', async () => {
    const changes = vi.fn();
    render(<Harness initial="<p>Read more.</p>" onChange={changes} />);
    const linkButton = await screen.findByRole('button', { name: 'Link' });
    act(() => fireEvent.click(linkButton));
    const dialog = await screen.findByRole('dialog', { name: 'Add link' });
    const text = screen.getByRole('textbox', { name: 'Text to show' });
    expect(document.activeElement).toBe(text);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Add link' })));
    expect(await screen.findByText('Enter the text to show for the link.')).toBeTruthy();
    expect(screen.getByText('Enter the address to link to.')).toBeTruthy();
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(changes).not.toHaveBeenCalled();

    fireEvent.change(text, { target: { value: 'our careers page' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Link address/ }), { target: { value: 'javascript:alert(1)' } });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Add link' })));
    expect(await screen.findByText('Use an address starting with https://, http:// or mailto:.')).toBeTruthy();
    expect(dialog.isConnected).toBe(true);

    fireEvent.change(screen.getByRole('textbox', { name: /^Link address/ }), { target: { value: 'example.com/careers' } });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Add link' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const html = changes.mock.lastCall?.[0] as string;
    expect(html).toMatch(/<a [^>]*href="https:\/\/example\.com\/careers"[^>]*>our careers page<\/a>/);
  });

  it('edits and removes the link under the cursor; Escape cancels', async () => {
    const changes = vi.fn();
    render(<Harness initial='<p><a href="https://old.example">Apply here</a> today</p>' onChange={changes} />);
    const link = await screen.findByRole('button', { name: 'Link' });
    // The cursor inside the link's text.
    const area = await screen.findByRole('textbox', { name: 'Description' });
    act(() => area.focus());
    const range = document.createRange();
    range.setStart(area.querySelector('a')!.firstChild!, 3);
    range.collapse(true);
    act(() => {
      document.getSelection()!.removeAllRanges();
      document.getSelection()!.addRange(range);
      document.dispatchEvent(new Event('selectionchange'));
    });
    await waitFor(() => expect(link.getAttribute('aria-pressed')).toBe('true'));

    act(() => fireEvent.click(link));
    const dialog = await screen.findByRole('dialog', { name: 'Edit link' });
    expect(screen.queryByRole('textbox', { name: 'Text to show' })).toBeNull();
    const address = screen.getByRole('textbox', { name: /^Link address/ }) as HTMLInputElement;
    expect(address.value).toBe('https://old.example');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes).not.toHaveBeenCalled();

    act(() => fireEvent.click(link));
    await screen.findByRole('dialog', { name: 'Edit link' });
    fireEvent.change(screen.getByRole('textbox', { name: /^Link address/ }), { target: { value: 'mailto:hr@example.com' } });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Save link' })));
    await waitFor(() => expect(changes.mock.lastCall?.[0]).toMatch(/<a [^>]*href="mailto:hr@example\.com"[^>]*>Apply here<\/a> today/));

    act(() => fireEvent.click(link));
    await screen.findByRole('dialog', { name: 'Edit link' });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Remove link' })));
    await waitFor(() => expect(changes).toHaveBeenLastCalledWith('<p>Apply here today</p>'));
  });

  it('submits only its own form, not the page form the editor sits in', async () => {
    const outer = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const changes = vi.fn();
    render(
      <form onSubmit={outer}>
        <Harness initial="<p>x</p>" onChange={changes} />
      </form>,
    );
    const linkButton = await screen.findByRole('button', { name: 'Link' });
    act(() => fireEvent.click(linkButton));
    const dialog = await screen.findByRole('dialog', { name: 'Add link' });
    expect(dialog.closest('form')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Text to show' }), { target: { value: 'home' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Link address/ }), { target: { value: 'https://example.com' } });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Add link' })));
    await waitFor(() => expect(changes.mock.lastCall?.[0]).toContain('href="https://example.com"'));
    expect(outer).not.toHaveBeenCalled();
  });
});
