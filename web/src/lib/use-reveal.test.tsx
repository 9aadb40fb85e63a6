import { act, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setViewport } from '../test/dom-stubs';
import '../test/render-app';
import { REVEAL_STAGGER_MS } from './motion';
import { useReveal } from './use-reveal';

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;

let fire: Callback = () => {};

class FakeObserver {
  constructor(cb: Callback) {
    fire = cb;
  }
  observe() {}
  unobserve() {}
  disconnect() {}
}

function Page() {
  const ref = useReveal<HTMLDivElement>();
  return (
    <div ref={ref}>
      <h2 data-reveal="fade-in-up">On screen at load</h2>
      <ul>
        <li data-reveal="fade-in-up">One</li>
        <li data-reveal="fade-in-up">Two</li>
        <li data-reveal="fade-in-left">Three</li>
      </ul>
      <ol data-reveal-stagger="150">
        <li data-reveal="fade-in-up">Four</li>
        <li data-reveal="fade-in-up">Five</li>
        <li data-reveal="fade-in-up">Six</li>
      </ol>
      <p>Not marked</p>
    </div>
  );
}

const marked = (text: string) =>
  [...document.querySelectorAll<HTMLElement>('[data-reveal]')].find((e) => e.textContent === text)!;

let unhydrate = () => {};

/** Renders Page's server HTML into the document and hydrates it, like the browser entry. */
function hydratePage() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page />);
  document.body.append(container);
  let root: ReturnType<typeof hydrateRoot> | undefined;
  act(() => {
    root = hydrateRoot(container, <Page />);
  });
  unhydrate = () => {
    act(() => root?.unmount());
    container.remove();
    unhydrate = () => {};
  };
}

describe('useReveal', () => {
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    // Only the heading is inside the first screen.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const top = this.tagName === 'H2' ? 100 : 2000;
      return { top, bottom: top + 50 } as DOMRect;
    });
  });
  afterEach(() => {
    unhydrate();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setViewport(1280);
  });

  it('on a hydrated page, leaves what is on screen alone and hides the rest until it enters', () => {
    hydratePage();
    expect(marked('On screen at load').hasAttribute('data-reveal-state')).toBe(false);
    for (const t of ['One', 'Two', 'Three']) expect(marked(t).dataset.revealState).toBe('pending');

    act(() =>
      fire([
        { target: marked('One'), isIntersecting: true },
        { target: marked('Two'), isIntersecting: true },
      ]),
    );
    const one = marked('One');
    const two = marked('Two');
    expect(one.dataset.revealState).toBe('shown');
    expect(two.dataset.revealState).toBe('shown');
    expect(one.style.getPropertyValue('--reveal-delay')).toBe('0ms');
    expect(two.style.getPropertyValue('--reveal-delay')).toBe(`${REVEAL_STAGGER_MS}ms`);
    expect(one.style.getPropertyValue('--reveal-duration')).toBe('1000ms');
    expect(one.style.getPropertyValue('--reveal-distance')).toBe('20px');
    expect(marked('Three').dataset.revealState).toBe('pending');
  });

  it('staggers by the parent\'s data-reveal-stagger where it names one', () => {
    hydratePage();
    act(() =>
      fire([
        { target: marked('Four'), isIntersecting: true },
        { target: marked('Five'), isIntersecting: true },
        { target: marked('Six'), isIntersecting: true },
      ]),
    );
    expect(['Four', 'Five', 'Six'].map((t) => marked(t).style.getPropertyValue('--reveal-delay'))).toEqual([
      '0ms',
      '150ms',
      '300ms',
    ]);
  });

  it('after client-side navigation animates everything, and un-hides what it watched when unmounted', () => {
    const { unmount } = render(<Page />);
    expect(marked('On screen at load').dataset.revealState).toBe('pending');
    const three = marked('Three');
    unmount();
    expect(three.hasAttribute('data-reveal-state')).toBe(false);
  });

  it('hides nothing when the visitor prefers reduced motion', () => {
    setViewport(1280, { reducedMotion: true });
    render(<Page />);
    expect(document.querySelectorAll('[data-reveal-state]')).toHaveLength(0);
  });

  it('hides nothing where IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Page />);
    expect(document.querySelectorAll('[data-reveal-state]')).toHaveLength(0);
  });
});
