import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../test/render-app';
import { CarouselArrow, CarouselDots } from './carousel-controls';

describe('CarouselDots', () => {
  it('gives each position a named button and marks the current one', () => {
    const onSelect = vi.fn();
    render(<CarouselDots count={5} selected={2} label={(i) => `Show logo ${i}`} onSelect={onSelect} />);
    const dots = screen.getAllByRole('button');
    expect(dots.map((d) => d.getAttribute('aria-label'))).toEqual([1, 2, 3, 4, 5].map((i) => `Show logo ${i}`));
    expect(dots.map((d) => d.getAttribute('aria-current'))).toEqual([null, null, 'true', null, null]);
    fireEvent.click(screen.getByRole('button', { name: 'Show logo 5' }));
    expect(onSelect).toHaveBeenCalledWith(4);
  });

  it('shows no dots for a single position', () => {
    render(<CarouselDots count={1} selected={0} label={(i) => `Show ${i}`} onSelect={() => {}} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});

describe('CarouselArrow', () => {
  it('is a named button that can be disabled', () => {
    const onClick = vi.fn();
    const { rerender } = render(<CarouselArrow direction="next" label="Next logo" disabled={false} onClick={onClick} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next logo' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(<CarouselArrow direction="next" label="Next logo" disabled onClick={onClick} />);
    expect((screen.getByRole('button', { name: 'Next logo' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
