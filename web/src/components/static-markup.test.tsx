import { act, fireEvent, render, screen } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { markTakenOver } from '../lib/early-input';
import { Link, MemoryRouter, useLocation } from '../lib/router';
import { StaticMarkup } from './static-markup';

type Early = { __early?: { taken?: boolean; held: Element[] } };

/** How many times Counted rendered. */
let renders = 0;

function Counted() {
  renders++;
  return <p>Made by Nimbus Grove</p>;
}

function Where() {
  return <output aria-label="Location">{useLocation().pathname}</output>;
}

/** A page with a part kept as served, and a button that renders the page again. */
function Page() {
  const [n, setN] = useState(0);
  useLayoutEffect(markTakenOver, []);
  return (
    <MemoryRouter initialEntries={['/']}>
      <button type="button" onClick={() => setN(n + 1)}>
        Render again {n}
      </button>
      <StaticMarkup as="footer" className="site-footer">
        <Counted />
        <Link to="/jobs?location=Pune">Open jobs</Link>
        <a href="https://example.org/" target="_blank" rel="noreferrer">
          Elsewhere
        </a>
      </StaticMarkup>
      <Where />
    </MemoryRouter>
  );
}

let root: Root | null = null;
let container: HTMLElement | null = null;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = container = null;
  delete (window as Early).__early;
});

describe('StaticMarkup', () => {
  it('keeps the page as served: hydration runs nothing below it, later renders leave it, and its links navigate here', async () => {
    container = document.createElement('div');
    container.innerHTML = renderToString(<Page />);
    document.body.append(container);
    const served = container.querySelector('footer')!;
    const servedHTML = served.outerHTML;
    expect(served.textContent).toContain('Made by Nimbus Grove');
    (window as Early).__early = { held: [] };
    renders = 0;

    await act(async () => {
      root = hydrateRoot(container!, <Page />);
    });
    expect(renders).toBe(0);
    expect(container.querySelector('footer')).toBe(served);
    expect(served.outerHTML).toBe(servedHTML);

    fireEvent.click(screen.getByRole('button', { name: 'Render again 0' }));
    await screen.findByRole('button', { name: 'Render again 1' });
    expect(renders).toBe(0);
    expect(served.outerHTML).toBe(servedHTML);

    // A link inside: the router follows it, as Link would.
    const link = screen.getByRole('link', { name: 'Open jobs' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => void link.dispatchEvent(click));
    expect(click.defaultPrevented).toBe(true);
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe('/jobs');
    // Others stay with the browser (a new tab, a modified click): the page's handler leaves them, and
    // the test stops them last (jsdom loads no documents).
    const leftToBrowser: boolean[] = [];
    const last = (e: Event) => {
      leftToBrowser.push(!e.defaultPrevented);
      e.preventDefault();
    };
    document.addEventListener('click', last);
    try {
      act(() => void screen.getByRole('link', { name: 'Elsewhere' }).dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })));
      act(() => void link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true })));
    } finally {
      document.removeEventListener('click', last);
    }
    expect(leftToBrowser).toEqual([true, true]);
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe('/jobs');
  });

  it('renders its children when the app renders it (no page being hydrated)', () => {
    renders = 0;
    render(<Page />);
    expect(renders).toBe(1);
    expect(screen.getByRole('contentinfo').textContent).toContain('Made by Nimbus Grove');
    expect(screen.getByRole('link', { name: 'Open jobs' }).getAttribute('href')).toBe('/jobs?location=Pune');
  });
});
