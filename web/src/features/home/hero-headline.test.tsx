import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../test/render-app';
import { HEADLINE_SWITCH_MS } from './constants';
import { HeroHeadline } from './hero-headline';

const welcome = 'Welcome to Nimbus Grove Technologies';
const headline = 'Accelerating our company Through Innovative IT solutions';

describe('HeroHeadline', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the welcome text, then switches once after 3000 ms', () => {
    expect(HEADLINE_SWITCH_MS).toBe(3000);
    render(<HeroHeadline id="t" welcome={welcome} headline={headline} className="" />);
    const h1 = () => screen.getByRole('heading', { level: 1 });
    expect(h1().textContent).toBe(welcome);
    expect(h1().getAttribute('aria-live')).toBe('polite');

    act(() => vi.advanceTimersByTime(2999));
    expect(h1().textContent).toBe(welcome);

    act(() => vi.advanceTimersByTime(1));
    expect(h1().textContent).toBe(headline);

    // No timer is left to switch it again.
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(60_000));
    expect(h1().textContent).toBe(headline);
  });

  it('keeps the other text out of the accessibility tree', () => {
    render(<HeroHeadline id="t" welcome={welcome} headline={headline} className="" />);
    expect(screen.getAllByRole('heading')).toHaveLength(1);
    expect(screen.getByText(headline).closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('cancels the switch when unmounted early', () => {
    const { unmount } = render(<HeroHeadline id="t" welcome={welcome} headline={headline} className="" />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
