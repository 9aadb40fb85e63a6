import { fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import '../test/render-app';
import { FindablePanel } from './findable-panel';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(!open)}>
        toggle
      </button>
      <FindablePanel id="p" open={open} onReveal={() => setOpen(true)} html="<p>Answer text</p>" className="pad" />
    </>
  );
}

describe('FindablePanel', () => {
  it('is hidden until found while closed and shown when open, on the same element', () => {
    const { getByText, container } = render(<Harness />);
    const panel = container.querySelector('#p')!;
    expect(panel.getAttribute('hidden')).toBe('until-found');
    expect(panel.textContent).toBe('Answer text');
    expect(panel.firstElementChild!.className).toBe('pad');

    fireEvent.click(getByText('toggle'));
    expect(container.querySelector('#p')).toBe(panel);
    expect(panel.hasAttribute('hidden')).toBe(false);

    fireEvent.click(getByText('toggle'));
    expect(panel.getAttribute('hidden')).toBe('until-found');
  });

  it('opens when find-in-page matches its text (beforematch)', () => {
    const { container } = render(<Harness />);
    const panel = container.querySelector('#p')!;
    fireEvent(panel, new Event('beforematch', { bubbles: true }));
    expect(panel.hasAttribute('hidden')).toBe(false);
  });
});
