import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../test/render-app';
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_MAX_WIDTH_PX, TOAST_REMOVE_DELAY_MS } from './constants';
import { ToastProvider } from './toast-provider';
import type { ToastApi } from './toast-context';
import { useToast } from './use-toast';

let api: ToastApi;

function Grab() {
  api = useToast();
  return null;
}

function setup() {
  render(
    <ToastProvider>
      <Grab />
    </ToastProvider>,
  );
}

const region = () => screen.getByRole('region', { name: 'Notifications' });
const toasts = () => Array.from(region().children) as HTMLElement[];

describe('ToastProvider', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('renders an empty polite live region before any toast', () => {
    setup();
    expect(region().getAttribute('aria-live')).toBe('polite');
    expect(toasts()).toHaveLength(0);
  });

  it('shows a toast with a role for its tone and a labelled close button', () => {
    setup();
    act(() => {
      api.show('Link copied', { tone: 'success' });
      api.show('Could not copy', { tone: 'error' });
      api.show('Heads up');
    });
    const statuses = screen.getAllByRole('status').map((el) => el.textContent);
    expect(statuses).toEqual([expect.stringContaining('Link copied'), expect.stringContaining('Heads up')]);
    expect(screen.getByRole('alert').textContent).toContain('Could not copy');
    expect(screen.getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(3);
  });

  it(`keeps at most ${TOAST_LIMIT} toasts, dropping the oldest`, () => {
    expect(TOAST_LIMIT).toBe(20);
    setup();
    act(() => {
      for (let i = 1; i <= TOAST_LIMIT + 5; i++) api.show(`Toast ${i}`);
    });
    const texts = toasts().map((t) => t.textContent);
    expect(texts).toHaveLength(20);
    expect(texts[0]).toContain('Toast 6');
    expect(texts[19]).toContain('Toast 25');
  });

  it(`removes a dismissed toast from the DOM ${TOAST_REMOVE_DELAY_MS} ms after dismissal`, () => {
    expect(TOAST_REMOVE_DELAY_MS).toBe(1000);
    setup();
    act(() => void api.show('Bye'));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    const toast = toasts()[0]!;
    expect(toast.dataset.state).toBe('closed');
    act(() => vi.advanceTimersByTime(999));
    expect(toasts()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(toasts()).toHaveLength(0);
  });

  it('dismisses itself after a few seconds, then leaves the DOM', () => {
    setup();
    act(() => void api.show('Auto'));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(toasts()[0]!.dataset.state).toBe('open');
    act(() => vi.advanceTimersByTime(1));
    expect(toasts()[0]!.dataset.state).toBe('closed');
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS));
    expect(toasts()).toHaveLength(0);
  });

  it('pauses the countdown while hovered or focused', () => {
    setup();
    act(() => void api.show('Stay'));
    const toast = toasts()[0]!;
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.pointerEnter(toast, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 3));
    expect(toast.dataset.state).toBe('open');
    fireEvent.pointerLeave(toast, { pointerType: 'mouse' });
    // The remaining time counts on from where it paused.
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1000 - 1));
    expect(toast.dataset.state).toBe('open');
    act(() => vi.advanceTimersByTime(1));
    expect(toast.dataset.state).toBe('closed');

    act(() => void api.show('Focus'));
    const focused = toasts()[1]!;
    act(() => screen.getAllByRole('button', { name: 'Dismiss notification' })[1]!.focus());
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 3));
    expect(focused.dataset.state).toBe('open');
  });

  it('keeps counting down after a tap, which leaves an emulated mouse over it', () => {
    setup();
    act(() => void api.show('Tapped'));
    const toast = toasts()[0]!;
    // What a phone sends for a tap on the toast: touch pointer events, then
    // compatibility mouse events with no mouseleave to follow.
    fireEvent.pointerEnter(toast, { pointerType: 'touch' });
    fireEvent.pointerLeave(toast, { pointerType: 'touch' });
    fireEvent.mouseOver(toast);
    fireEvent.mouseEnter(toast);
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(toast.dataset.state).toBe('closed');
  });

  it('closes on Escape', () => {
    setup();
    act(() => void api.show('Esc'));
    fireEvent.keyDown(toasts()[0]!, { key: 'Escape' });
    expect(toasts()[0]!.dataset.state).toBe('closed');
  });

  it(`is at most ${TOAST_MAX_WIDTH_PX}px wide`, () => {
    expect(TOAST_MAX_WIDTH_PX).toBe(350);
    setup();
    act(() => void api.show('Narrow'));
    expect(toasts()[0]!.style.maxWidth).toBe('350px');
  });
});
