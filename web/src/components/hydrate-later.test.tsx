import { act, fireEvent, render, screen } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureEarlyInput, hydrating, markTakenOver, whenTakenOver } from '../lib/early-input';
import { useEarlyInput } from '../lib/use-early-input';
import { HydrateLater } from './hydrate-later';

type Early = { __early?: { taken?: boolean; held: Element[] } };

/** How many times each part's contents rendered, by part. */
const renders: Record<string, number> = {};

function Counter({ label }: { label: string }) {
  renders[label] = (renders[label] ?? 0) + 1;
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {label} {n}
    </button>
  );
}

function Page() {
  useLayoutEffect(markTakenOver, []);
  return (
    <main>
      <Counter label="Menu" />
      <ul>
        <HydrateLater name="first" as="li" className="card">
          <Counter label="First" />
        </HydrateLater>
        <HydrateLater name="second" as="li" className="card">
          <Counter label="Second" />
        </HydrateLater>
      </ul>
    </main>
  );
}

/**
 * The parts' turns are messages the page sends itself (MessageChannel):
 * here they wait in a list, and nextTask runs the first, as the browser
 * would run one task, then lets Preact render (in microtasks).
 */
const messages: (() => void)[] = [];
class TestChannel {
  port1: { onmessage: (() => void) | null } = { onmessage: null };
  port2 = { postMessage: () => void messages.push(() => this.port1.onmessage?.()) };
}
vi.stubGlobal('MessageChannel', TestChannel);

const nextTask = async () => {
  messages.shift()?.();
  await new Promise<void>((r) => setTimeout(r, 0));
};

let root: Root | null = null;
let container: HTMLElement | null = null;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = container = null;
  delete (window as Early).__early;
  for (const k of Object.keys(renders)) delete renders[k];
});

describe('HydrateLater', () => {
  it('hydrates each part in a task of its own after the page, keeping the served markup, and the page is taken over after the last', async () => {
    container = document.createElement('div');
    container.innerHTML = renderToString(<Page />);
    document.body.append(container);
    const served = Array.from(container.querySelectorAll('li'));
    const servedButtons = served.map((li) => li.querySelector('button'));
    const servedHTML = container.innerHTML;
    (window as Early).__early = { held: [] };
    for (const k of Object.keys(renders)) delete renders[k];
    let takenOver = 0;

    act(() => {
      root = hydrateRoot(container!, <Page />);
    });
    whenTakenOver(() => takenOver++);
    // The page hydrated; its parts wait, as served.
    expect(renders).toEqual({ Menu: 1 });
    expect(container.innerHTML).toBe(servedHTML);
    expect(hydrating()).toBe(true);
    expect((window as Early).__early?.taken).toBeFalsy();
    fireEvent.click(screen.getByRole('button', { name: 'Menu 0' }));
    expect(screen.getByRole('button', { name: 'Menu 1' })).toBeTruthy();
    fireEvent.click(servedButtons[1]!);
    expect(servedButtons[1]!.textContent).toBe('Second 0');

    await nextTask();
    expect(renders).toEqual({ Menu: 2, First: 1 });
    expect(takenOver).toBe(0);
    expect(hydrating()).toBe(true);

    // The second part's turn is another task (after the first's own check that it hydrated).
    for (let i = 0; i < 3 && !renders.Second; i++) {
      await nextTask();
      if (!renders.Second) expect(takenOver).toBe(0);
    }
    expect(renders).toEqual({ Menu: 2, First: 1, Second: 1 });
    expect(takenOver).toBe(1);
    expect(hydrating()).toBe(false);
    expect((window as Early).__early?.taken).toBe(true);

    // The served elements were hydrated, not replaced, and now answer.
    expect(Array.from(container.querySelectorAll('li'))).toEqual(served);
    expect(served.map((li) => li.className)).toEqual(['card', 'card']);
    fireEvent.click(servedButtons[0]!);
    fireEvent.click(servedButtons[1]!);
    expect(servedButtons.map((b) => b!.textContent)).toEqual(['First 1', 'Second 1']);
    expect(container.querySelectorAll('button')).toHaveLength(3);
  });

  it('does not keep the page waiting for a part that is gone before its turn, nor after the visitor has left the page', async () => {
    function Shown({ second }: { second: boolean }) {
      useLayoutEffect(markTakenOver, []);
      return (
        <ul>
          <HydrateLater name="first" as="li">
            <Counter label="First" />
          </HydrateLater>
          {second && (
            <HydrateLater name="second" as="li">
              <Counter label="Second" />
            </HydrateLater>
          )}
        </ul>
      );
    }
    container = document.createElement('div');
    container.innerHTML = renderToString(<Shown second />);
    document.body.append(container);
    (window as Early).__early = { held: [] };
    let takenOver = 0;
    act(() => {
      root = hydrateRoot(container!, <Shown second />);
    });
    whenTakenOver(() => takenOver++);
    // The second part goes before its turn (its list rendered again).
    act(() => root!.render(<Shown second={false} />));
    for (let i = 0; i < 4 && takenOver === 0; i++) await nextTask();
    expect(takenOver).toBe(1);
    expect(hydrating()).toBe(false);
    expect(container.querySelectorAll('li')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'First 0' }));
    expect(screen.getByRole('button', { name: 'First 1' })).toBeTruthy();
  });

  it('hands a form over as it hydrates, the fields of a later part once that part has: what was typed before reaches every handler', async () => {
    function Form() {
      const [v, setV] = useState({ name: '', city: '' });
      const form = useEarlyInput();
      useLayoutEffect(markTakenOver, []);
      return (
        <form ref={form}>
          <label>
            Name <input name="name" value={v.name} onChange={(e) => setV((o) => ({ ...o, name: e.target.value }))} />
          </label>
          <HydrateLater name="city" as="div">
            <label>
              City <input name="city" value={v.city} onChange={(e) => setV((o) => ({ ...o, city: e.target.value }))} />
            </label>
          </HydrateLater>
          <output>{`${v.name}|${v.city}`}</output>
        </form>
      );
    }
    container = document.createElement('div');
    container.innerHTML = renderToString(<Form />);
    document.body.append(container);
    const [name, city] = Array.from(container.querySelectorAll('input'));
    // Typed before the script took over.
    name!.value = 'Asha';
    city!.value = 'Pune';
    (window as Early).__early = { held: [] };
    captureEarlyInput(container);
    await act(async () => {
      root = hydrateRoot(container!, <Form />);
    });
    // The name's field hydrated with the page and has it at once; the city's part waits, its typing still on screen.
    expect(container.querySelector('output')!.textContent).toBe('Asha|');
    expect(city!.value).toBe('Pune');
    for (let i = 0; i < 4 && hydrating(); i++) await nextTask();
    expect(hydrating()).toBe(false);
    await act(async () => {});
    expect(container.querySelector('output')!.textContent).toBe('Asha|Pune');
    expect(container.querySelectorAll('input')[1]).toBe(city);
    expect([name!.value, city!.value]).toEqual(['Asha', 'Pune']);
    // The part's field now answers as the app's own.
    await act(async () => {
      fireEvent.input(city!, { target: { value: 'Pune East' } });
    });
    expect(container.querySelector('output')!.textContent).toBe('Asha|Pune East');
  });

  it('renders its part at once when the app renders it (no page being hydrated)', () => {
    let takenOver = 0;
    render(<Page />);
    whenTakenOver(() => takenOver++);
    expect(renders).toEqual({ Menu: 1, First: 1, Second: 1 });
    expect(takenOver).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Second 0' }));
    expect(screen.getByRole('button', { name: 'Second 1' })).toBeTruthy();
  });
});
