import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiState } from './api';
import { useLastAnswer } from './use-last-answer';

function setup(first: ApiState<string>) {
  return renderHook((state: ApiState<string>) => useLastAnswer(state), { initialProps: first });
}

describe('useLastAnswer', () => {
  afterEach(cleanup);

  it('is loading, not stale, before any answer has arrived', () => {
    const { result } = setup({ loading: true });
    expect(result.current).toEqual({ loading: true, stale: false });
  });

  it('passes an answer through', () => {
    const { result } = setup({ data: 'page 1', loading: false });
    expect(result.current).toEqual({ data: 'page 1', loading: false, stale: false });
  });

  it('keeps the last answer on screen, marked stale, while the next one loads', () => {
    const { result, rerender } = setup({ data: 'page 1', loading: false });
    rerender({ loading: true });
    expect(result.current).toEqual({ data: 'page 1', loading: false, stale: true });
    rerender({ data: 'page 2', loading: false });
    expect(result.current).toEqual({ data: 'page 2', loading: false, stale: false });
    rerender({ loading: true });
    expect(result.current).toEqual({ data: 'page 2', loading: false, stale: true });
  });

  it('shows an error as it is, not the last answer', () => {
    const error = { code: 'not_found', message: 'No such page.' };
    const { result, rerender } = setup({ data: 'page 1', loading: false });
    rerender({ error, loading: false });
    expect(result.current).toEqual({ error, loading: false, stale: false });
  });
});
