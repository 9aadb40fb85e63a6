import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormStatus } from './form-status';
import { Spinner } from './spinner';

describe('FormStatus', () => {
  afterEach(cleanup);

  it('keeps both live regions in the page, empty, before anything is said', () => {
    render(<FormStatus status={{ kind: 'sending' }} doneClassName="text-green-700" />);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('says an accepted form in the status line, in the form’s colour', () => {
    render(<FormStatus status={{ kind: 'done', message: 'Sent.' }} doneClassName="text-green-800" />);
    expect(screen.getByRole('status').textContent).toBe('Sent.');
    expect(screen.getByRole('status').className).toBe('text-green-800');
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('says a failure in the alert line', () => {
    render(<FormStatus status={{ kind: 'failed', message: 'Try again.' }} doneClassName="text-green-700" />);
    expect(screen.getByRole('alert').textContent).toBe('Try again.');
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('Spinner', () => {
  afterEach(cleanup);

  it('is hidden from screen readers and out of the focus order, and holds still for reduced motion', () => {
    const { container } = render(<Spinner />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('focusable')).toBe('false');
    expect(svg.getAttribute('class')).toContain('motion-reduce:animate-none');
  });
});
