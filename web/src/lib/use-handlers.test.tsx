import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useHandlers } from './use-handlers';

describe('useHandlers', () => {
  it('keeps one function per key across renders, which calls the latest one given', () => {
    const seen: ((n: number) => void)[] = [];
    let bump = () => {};
    let total = 0;
    function Counter() {
      const [step, setStep] = useState(1);
      bump = () => setStep((s) => s + 1);
      const handler = useHandlers();
      seen.push(handler('add', (n: number) => (total += n * step)));
      handler('other', () => undefined);
      return null;
    }
    render(<Counter />);
    act(() => bump());
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(seen[0]);
    // The first render's function, called now, multiplies by the latest step (2).
    seen[0]!(5);
    expect(total).toBe(10);
  });

  it('gives different keys different functions', () => {
    let a: unknown;
    let b: unknown;
    function Two() {
      const handler = useHandlers();
      a = handler('a', () => undefined);
      b = handler('b', () => undefined);
      return null;
    }
    render(<Two />);
    expect(a).not.toBe(b);
  });
});
