import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import '../test/render-app';
import { MemoryRouter } from '../lib/router';
import { Section } from './section';

describe('Section', () => {
  it('is a region named by its h2, with the intro and content after the header', () => {
    render(
      <Section id="s-title" title="Our work" intro="What we do.">
        <p>Body</p>
      </Section>,
    );
    const region = screen.getByRole('region', { name: 'Our work' });
    expect(screen.getByRole('heading', { level: 2, name: 'Our work' }).id).toBe('s-title');
    expect(region.textContent).toBe('Our workWhat we do.Body');
    expect(screen.getByText('Our work').parentElement!.getAttribute('data-reveal')).toBe('fade-in-up');
  });

  it('is no named region without an id', () => {
    render(
      <Section title="Technologies">
        <p>Body</p>
      </Section>,
    );
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('heading', { level: 2 }).id).toBe('');
  });

  it('can leave out the entrance and let the heading take focus', () => {
    render(
      <Section id="jobs" title="Open positions" reveal={null} focusableTitle>
        <p>Body</p>
      </Section>,
    );
    const h2 = screen.getByRole('heading', { level: 2 });
    expect(h2.getAttribute('tabindex')).toBe('-1');
    expect(h2.parentElement!.hasAttribute('data-reveal')).toBe(false);
  });

  it('puts an aside beside the header, inside its entrance', () => {
    render(
      <Section id="b" title="Blog" aside={<a href="/blog">All posts</a>}>
        <p>Body</p>
      </Section>,
    );
    const header = screen.getByRole('link', { name: 'All posts' }).parentElement!;
    expect(header.getAttribute('data-reveal')).toBe('fade-in-up');
    expect(header.contains(screen.getByRole('heading', { level: 2 }))).toBe(true);
  });

  it('asServed: the same markup, and on the page as served nothing below it runs', async () => {
    let renders = 0;
    function Body() {
      renders++;
      return <p>Body</p>;
    }
    const page = (asServed: boolean) => (
      <MemoryRouter initialEntries={['/']}>
        <Section id="w-title" title="Who we are" intro="A team." tone="muted" asServed={asServed}>
          <Body />
        </Section>
      </MemoryRouter>
    );
    const served = renderToString(page(true));
    expect(served).toBe(renderToString(page(false)));
    const container = document.createElement('div');
    container.innerHTML = served;
    document.body.append(container);
    const w = window as { __early?: { held: Element[] } };
    w.__early = { held: [] };
    renders = 0;
    const root = await act(async () => hydrateRoot(container, page(true)));
    expect(renders).toBe(0);
    expect(container.innerHTML).toBe(served);
    expect(screen.getByRole('region', { name: 'Who we are' }).textContent).toBe('Who we areA team.Body');
    act(() => root.unmount());
    container.remove();
    delete w.__early;
  });
});
