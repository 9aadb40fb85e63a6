import { act, render } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Picture } from './picture';

const jpegs = '/covers/a-480.jpg 480w, /covers/a-960.jpg 960w';
const sources = [
  { type: 'image/avif', srcset: '/covers/a-480.avif 480w, /covers/a-960.avif 960w' },
  { type: 'image/webp', srcset: '/covers/a-480.webp 480w, /covers/a-960.webp 960w' },
];

describe('Picture', () => {
  it('offers each format in <source> before the JPEG <img>, all with the same sizes', () => {
    const { container } = render(
      <Picture src="/covers/a-960.jpg" srcSet={jpegs} sources={sources} sizes="50vw" alt="A cover" width={640} height={360} lazy />,
    );
    const picture = container.firstElementChild!;
    expect(picture.tagName).toBe('PICTURE');
    expect([...picture.children].map((c) => c.tagName)).toEqual(['SOURCE', 'SOURCE', 'IMG']);
    const [avif, webp, img] = [...picture.children];
    expect(avif!.getAttribute('type')).toBe('image/avif');
    expect(avif!.getAttribute('srcset')).toBe(sources[0]!.srcset);
    expect(webp!.getAttribute('type')).toBe('image/webp');
    expect(webp!.getAttribute('srcset')).toBe(sources[1]!.srcset);
    for (const el of [avif!, webp!, img!]) expect(el.getAttribute('sizes')).toBe('50vw');
    expect(img!.getAttribute('src')).toBe('/covers/a-960.jpg');
    expect(img!.getAttribute('srcset')).toBe(jpegs);
    expect(img!.getAttribute('alt')).toBe('A cover');
    expect(img!.getAttribute('width')).toBe('640');
    expect(img!.getAttribute('height')).toBe('360');
    expect(img!.getAttribute('loading')).toBe('lazy');
    expect(img!.getAttribute('fetchpriority')).toBeNull();
  });

  it('is never lazy when it is the likely largest paint, and is asked for first', () => {
    const html = renderToString(
      <Picture src="/covers/a-960.jpg" srcSet={jpegs} sources={sources} sizes="100vw" alt="Hero" width={1280} height={720} priority />,
    );
    expect(html).not.toContain('loading=');
    expect(html).toContain('fetchPriority="high"');
    // React puts no preload of its own for an image in a <picture>: the browser chooses the file.
    expect(html).not.toContain('<link');
  });

  it('is the <img> alone for a picture in one format, without sizes when there is one size', () => {
    const { container } = render(<Picture src="/media/demo/x.svg" sizes="50vw" alt="Art" width={640} height={360} />);
    const img = container.firstElementChild!;
    expect(img.tagName).toBe('IMG');
    expect(img.getAttribute('srcset')).toBeNull();
    expect(img.getAttribute('sizes')).toBeNull();
    expect(img.getAttribute('loading')).toBeNull();
  });

  it('gives one-size sources no sizes either', () => {
    const one = [{ type: 'image/webp', srcset: '/covers/a-20.webp' }];
    const { container } = render(<Picture src="/covers/a-20.jpg" sources={one} sizes="50vw" alt="Small" width={20} height={40} />);
    expect(container.querySelector('source')!.getAttribute('sizes')).toBeNull();
    expect(container.querySelector('img')!.getAttribute('sizes')).toBeNull();
  });

  it('hydrates the server markup without a mismatch', async () => {
    const el = <Picture src="/covers/a-960.jpg" srcSet={jpegs} sources={sources} sizes="50vw" alt="A cover" width={640} height={360} lazy />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(el);
    document.body.append(container);
    const errors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, el, { onRecoverableError: (e) => errors.push(e) });
    });
    consoleError.mockRestore();
    expect(errors).toEqual([]);
    expect(container.querySelectorAll('picture > source')).toHaveLength(2);
    act(() => root!.unmount());
    container.remove();
  });
});
