import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setViewport } from '../../test/dom-stubs';
import '../../test/render-app';
import { AutoCarousel } from './auto-carousel';
import type { PerViewRule } from './use-auto-carousel';

const items = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
const INTERVAL = 1000;
const rules: PerViewRule[] = [
  { query: '(min-width: 1024px)', perView: 3 },
  { query: '(min-width: 768px)', perView: 2 },
];

function Carousel({ perView = rules }: { perView?: PerViewRule[] }) {
  return (
    <AutoCarousel
      id="test"
      label="Letters"
      items={items}
      getKey={(x) => x}
      renderItem={(x) => <p>{x}</p>}
      intervalMs={INTERVAL}
      perView={perView}
      dotLabel={(from, to) => `Show ${from} to ${to}`}
    />
  );
}

/** The items on the page shown (the others are hidden from assistive technology). */
const shown = () =>
  [...document.querySelectorAll('[aria-roledescription="slide"]')]
    .filter((el) => el.getAttribute('aria-hidden') !== 'true' && !el.hasAttribute('inert'))
    .map((el) => el.textContent);
const dots = () => screen.getAllByRole('button', { name: /^Show / });
const current = () => dots().find((d) => d.getAttribute('aria-current') === 'true')?.getAttribute('aria-label');
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('AutoCarousel', { timeout: 15_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setViewport(1280);
  });
  afterEach(() => vi.useRealTimers());

  it('shows three on wide screens and moves on by three after the interval, not before', () => {
    render(<Carousel />);
    expect(shown()).toEqual(['A', 'B', 'C']);
    expect(dots().map((d) => d.getAttribute('aria-label'))).toEqual(['Show 1 to 3', 'Show 4 to 6', 'Show 7 to 7']);
    tick(INTERVAL - 1);
    expect(shown()).toEqual(['A', 'B', 'C']);
    tick(1);
    expect(shown()).toEqual(['D', 'E', 'F']);
    expect(current()).toBe('Show 4 to 6');
    tick(INTERVAL);
    expect(shown()).toEqual(['G']);
    tick(INTERVAL);
    expect(shown()).toEqual(['A', 'B', 'C']);
  });

  it('steps by the number shown: two on medium screens, one on phones', () => {
    setViewport(900);
    const { unmount } = render(<Carousel />);
    expect(shown()).toEqual(['A', 'B']);
    tick(INTERVAL);
    expect(shown()).toEqual(['C', 'D']);
    expect(dots()).toHaveLength(4);
    unmount();

    setViewport(390);
    render(<Carousel />);
    expect(shown()).toEqual(['A']);
    expect(dots()).toHaveLength(7);
    tick(INTERVAL);
    expect(shown()).toEqual(['B']);
  });

  it('keeps the item in view when the layout changes', () => {
    setViewport(390);
    render(<Carousel />);
    fireEvent.click(screen.getByRole('button', { name: 'Show 5 to 5' }));
    expect(shown()).toEqual(['E']);
    act(() => setViewport(1280));
    expect(shown()).toEqual(['D', 'E', 'F']);
  });

  it('jumps to a page with its dot and gives it the full interval', () => {
    render(<Carousel />);
    tick(INTERVAL - 100);
    fireEvent.click(screen.getByRole('button', { name: 'Show 7 to 7' }));
    expect(shown()).toEqual(['G']);
    expect(current()).toBe('Show 7 to 7');
    tick(INTERVAL - 1);
    expect(shown()).toEqual(['G']);
    tick(1);
    expect(shown()).toEqual(['A', 'B', 'C']);
  });

  it('waits while the pointer is over it, and the interval starts again when it leaves', () => {
    render(<Carousel />);
    const root = screen.getByRole('group', { name: 'Letters' });
    fireEvent.pointerEnter(root, { pointerType: 'mouse' });
    tick(INTERVAL * 5);
    expect(shown()).toEqual(['A', 'B', 'C']);
    fireEvent.pointerLeave(root, { pointerType: 'mouse' });
    tick(INTERVAL - 1);
    expect(shown()).toEqual(['A', 'B', 'C']);
    tick(1);
    expect(shown()).toEqual(['D', 'E', 'F']);
  });

  it('ignores touch "hover"', () => {
    render(<Carousel />);
    fireEvent.pointerEnter(screen.getByRole('group', { name: 'Letters' }), { pointerType: 'touch' });
    tick(INTERVAL);
    expect(shown()).toEqual(['D', 'E', 'F']);
  });

  it('waits while keyboard focus is inside, but not while the pause button has it', () => {
    render(
      <>
        <Carousel />
        <button type="button">Outside</button>
      </>,
    );
    const dot = dots()[1]!;
    act(() => dot.focus());
    tick(INTERVAL * 3);
    expect(shown()).toEqual(['A', 'B', 'C']);
    act(() => screen.getByRole('button', { name: /^Pause/ }).focus());
    tick(INTERVAL);
    expect(shown()).toEqual(['D', 'E', 'F']);
    act(() => dot.focus());
    tick(INTERVAL * 3);
    expect(shown()).toEqual(['D', 'E', 'F']);
    act(() => screen.getByRole('button', { name: 'Outside' }).focus());
    tick(INTERVAL);
    expect(shown()).toEqual(['G']);
  });

  it('keeps moving after a dot is clicked, once the pointer has left', () => {
    render(<Carousel />);
    const root = screen.getByRole('group', { name: 'Letters' });
    const dot = screen.getByRole('button', { name: 'Show 4 to 6' });
    fireEvent.pointerEnter(root, { pointerType: 'mouse' });
    fireEvent.mouseDown(dot);
    act(() => dot.focus());
    fireEvent.mouseUp(dot);
    fireEvent.click(dot);
    fireEvent.pointerLeave(root, { pointerType: 'mouse' });
    expect(document.activeElement).toBe(dot);
    tick(INTERVAL);
    expect(shown()).toEqual(['G']);
  });

  it('stops with the pause button and starts again with play', () => {
    render(<Carousel />);
    const pause = screen.getByRole('button', { name: 'Pause automatic slide changes' });
    expect(pause.textContent).toBe('Pause');
    fireEvent.click(pause);
    expect(pause.getAttribute('aria-label')).toBe('Play automatic slide changes');
    expect(pause.textContent).toBe('Play');
    tick(INTERVAL * 10);
    expect(shown()).toEqual(['A', 'B', 'C']);
    // Dots still work while paused, and it stays paused.
    fireEvent.click(screen.getByRole('button', { name: 'Show 4 to 6' }));
    tick(INTERVAL * 10);
    expect(shown()).toEqual(['D', 'E', 'F']);
    fireEvent.click(pause);
    tick(INTERVAL);
    expect(shown()).toEqual(['G']);
  });

  it('announces slide changes only while it is not rotating', () => {
    render(<Carousel />);
    const live = document.querySelector('[aria-live]')!;
    expect(live.getAttribute('aria-live')).toBe('off');
    fireEvent.click(screen.getByRole('button', { name: /^Pause/ }));
    expect(live.getAttribute('aria-live')).toBe('polite');
  });

  it('does not move by itself when the visitor prefers reduced motion, until they press play', () => {
    setViewport(1280, { reducedMotion: true });
    render(<Carousel />);
    const play = screen.getByRole('button', { name: 'Play automatic slide changes' });
    tick(INTERVAL * 10);
    expect(shown()).toEqual(['A', 'B', 'C']);
    fireEvent.click(screen.getByRole('button', { name: 'Show 4 to 6' }));
    expect(shown()).toEqual(['D', 'E', 'F']);
    fireEvent.click(play);
    tick(INTERVAL);
    expect(shown()).toEqual(['G']);
  });

  it('stops its timer when unmounted', () => {
    const { unmount } = render(<Carousel />);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('server HTML shows the first page and hydrates without mismatch, on a phone too', async () => {
    for (const width of [1280, 390]) {
      setViewport(width);
      const html = renderToString(<Carousel />);
      expect(html).toContain('--per-view-lg:3');
      const container = document.createElement('div');
      container.innerHTML = html;
      document.body.append(container);
      expect(shown()).toEqual(['A', 'B', 'C']);
      const errors: unknown[] = [];
      const root = await act(async () =>
        hydrateRoot(container, <Carousel />, { onRecoverableError: (e) => errors.push(e) }),
      );
      expect(errors).toEqual([]);
      expect(shown()).toEqual(width === 1280 ? ['A', 'B', 'C'] : ['A']);
      act(() => root.unmount());
      container.remove();
    }
  });
});
