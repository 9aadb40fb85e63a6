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
});
