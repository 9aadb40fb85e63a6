import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_WORD_PREVIEW, PreviewButton, previewKind } from './document-preview';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('previewKind', () => {
  it('chooses pdf.js for PDFs, an image for images and nothing for Word files', () => {
    expect(previewKind('application/pdf')).toBe('pdf');
    expect(previewKind('image/png')).toBe('image');
    expect(previewKind('image/jpeg')).toBe('image');
    expect(previewKind('image/webp')).toBe('image');
    expect(previewKind('application/msword')).toBe('word');
    expect(previewKind('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('word');
    expect(previewKind('image/svg+xml')).toBe('none');
    expect(previewKind('application/octet-stream')).toBe('none');
  });
});

describe('PreviewButton', () => {
  it('offers no preview of a Word file and fetches nothing', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<PreviewButton url="/api/admin/applications/a/documents/resume" label="Resume" contentType="application/msword" />);
    expect(screen.getByText(NO_WORD_PREVIEW)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows an image inline from the download route; Escape closes and gives focus back', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const fetch = vi.fn(async () => new Response(png, { status: 200, headers: { 'Content-Type': 'image/png' } }));
    vi.stubGlobal('fetch', fetch);
    render(<PreviewButton url="/api/admin/applications/a/documents/national-id" label="National ID document" contentType="image/png" />);
    const button = screen.getByRole('button', { name: /^Preview\s*National ID document$/ });
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Preview: National ID document' });
    expect(document.activeElement?.textContent).toBe('Close');
    const img = await screen.findByRole('img', { name: 'National ID document' });
    expect(img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(fetch).toHaveBeenCalledWith('/api/admin/applications/a/documents/national-id', { credentials: 'same-origin' });
    await act(async () => {
      fireEvent.keyDown(dialog, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('says so when the document cannot be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('no', { status: 404 })));
    render(<PreviewButton url="/x" label="Resume" contentType="application/pdf" />);
    fireEvent.click(screen.getByRole('button', { name: /^Preview\s*Resume$/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load the document (404). Try Download instead.');
  });
});
