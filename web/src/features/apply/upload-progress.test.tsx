import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UploadProgress } from './upload-progress';

afterEach(cleanup);

const MB = 1024 * 1024;

describe('UploadProgress', () => {
  it('shows the share sent as a bar and in words, with the bytes', () => {
    render(<UploadProgress progress={{ loaded: 1.2 * MB, total: 3.4 * MB }} />);
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('value')).toBe('35');
    expect(bar.getAttribute('max')).toBe('100');
    expect(screen.getByText('35% – 1.2 MB of 3.4 MB sent')).toBeTruthy();
  });

  it('starts at 0% before the browser reports anything', () => {
    render(<UploadProgress progress={{ loaded: 0, total: 0 }} />);
    expect(screen.getByRole('progressbar').getAttribute('value')).toBe('0');
  });
});
