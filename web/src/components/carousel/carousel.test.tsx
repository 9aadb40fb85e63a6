import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import '../../test/render-app';
import { Carousel } from './carousel';

// A stand-in for Embla: it "runs" on whatever element it is given.
const embla = vi.hoisted(() => {
  const api = {
    scrollSnapList: () => [0, 1, 2],
    selectedScrollSnap: () => 0,
    canScrollPrev: () => true,
    canScrollNext: () => true,
    on() {
      return api;
    },
    off() {
      return api;
    },
    scrollNext: () => {},
    scrollPrev: () => {},
    scrollTo: (_: number) => {},
  };
  return { api, viewports: [] as HTMLElement[], options: [] as unknown[] };
});

vi.mock('embla-carousel-react', () => ({
  default: function useFakeEmbla(options: unknown) {
    const [viewport, setViewport] = useState<HTMLElement | null>(null);
    embla.options.push(options);
    if (viewport && !embla.viewports.includes(viewport)) embla.viewports.push(viewport);
    return [setViewport, viewport ? embla.api : undefined];
  },
}));

const copy = { label: 'Posts', slideLabel: '{index} of {total}', previous: 'Previous post', next: 'Next post', dotLabel: 'Show post {index}' };

function carousel() {
  return (
    <Carousel
      items={['a', 'b', 'c', 'd']}
      getKey={(s) => s}
      renderItem={(s) => <p>{s}</p>}
      copy={copy}
      slideBasis="basis-full"
      scrollMs={500}
      slidesToScroll={1}
    />
  );
}

describe('Carousel', () => {
  it('is drawn without Embla: every slide, no dots, arrows off', () => {
    const html = renderToString(carousel());
    expect(html.match(/aria-roledescription="slide"/g)).toHaveLength(4);
    expect(html).not.toContain('Show post');
    const buttons = new DOMParser().parseFromString(html, 'text/html').querySelectorAll('button');
    expect(Array.from(buttons).filter((b) => b.disabled)).toHaveLength(2);
  });

  it('starts Embla on its viewport once the engine has loaded', async () => {
    render(carousel());
    const next = screen.getByRole('button', { name: 'Next post' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);

    expect(await screen.findByRole('button', { name: 'Show post 3' })).toBeTruthy();
    expect(next.disabled).toBe(false);
    const slide = screen.getAllByRole('group', { name: /of 4$/ })[0]!;
    expect(embla.viewports).toEqual([slide.parentElement!.parentElement]);
    expect(embla.options.at(-1)).toMatchObject({ loop: true, align: 'start', slidesToScroll: 1 });

    const scrollNext = vi.spyOn(embla.api, 'scrollNext');
    act(() => fireEvent.click(next));
    expect(scrollNext).toHaveBeenCalledOnce();
  });
});
