import { act, render } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureEarlyInput, markTakenOver, replayEarlyActions } from './early-input';
import { useEarlyInput } from './use-early-input';

interface Entry {
  title: string;
  company: string;
}

/**
 * A form like the site's: plain controlled fields, and an entry whose
 * handlers build it from the render's values (as the application form's
 * work entries do), so that two changes in one render would overwrite
 * each other.
 */
function Form({ onSubmit, onKept }: { onSubmit: (v: unknown) => void; onKept?: (names: string[]) => void }) {
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [city, setCity] = useState('Pune');
  const [agree, setAgree] = useState(false);
  const [entry, setEntry] = useState<Entry>({ title: '', company: '' });
  const [file, setFile] = useState('');
  const form = useEarlyInput(onKept);
  return (
    <form
      ref={form}
      data-submit-with-script
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit({ name, note, city, agree, entry, file });
      }}
    >
      <input aria-label="Name" name="name" value={name} onChange={(e) => setName(e.target.value.toUpperCase())} />
      <textarea aria-label="Note" name="note" value={note} onChange={(e) => setNote(e.target.value)} />
      <select aria-label="City" name="city" value={city} onChange={(e) => setCity(e.target.value)}>
        <option value="Pune">Pune</option>
        <option value="Chennai">Chennai</option>
      </select>
      <input aria-label="Agree" name="agree" type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
      <input aria-label="Title" name="entry.title" value={entry.title} onChange={(e) => setEntry({ ...entry, title: e.target.value })} />
      <input aria-label="Company" name="entry.company" value={entry.company} onChange={(e) => setEntry({ ...entry, company: e.target.value })} />
      <input aria-label="File" name="file" type="file" onChange={(e) => setFile(e.target.files?.[0]?.name ?? '')} />
      <button type="submit">Send</button>
    </form>
  );
}

/** Sets a field as typing does, without React knowing. */
function type(el: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
}

type Early = { __early?: { taken?: boolean; held: Element[] } };

let root: Root | null = null;
let container: HTMLElement | null = null;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
  container = null;
  delete (window as Early).__early;
});

/** The page as served, before its script runs (the loader has set up __early). */
function served(onSubmit = vi.fn()) {
  container = document.createElement('div');
  container.innerHTML = renderToString(<Form onSubmit={onSubmit} />);
  document.body.append(container);
  (window as Early).__early = { held: [] };
  const q = (label: string) => container!.querySelector<HTMLInputElement>(`[aria-label="${label}"]`)!;
  return { q, onSubmit };
}

/** Hydrates the served page as the app does, the taking over included. */
async function hydrate(onSubmit: (v: unknown) => void, onKept?: (names: string[]) => void) {
  function App() {
    useEarlyInputTakeover();
    return <Form onSubmit={onSubmit} onKept={onKept} />;
  }
  captureEarlyInput(container!);
  await act(async () => {
    root = hydrateRoot(container!, <App />);
  });
}

// The app's part (App in app/app.tsx): it takes over in its layout effect, after the forms'.
function useEarlyInputTakeover() {
  useLayoutEffect(markTakenOver, []);
}

describe('what the visitor put into a form before the app took over', () => {
  it('is handed to the form as changes, each after the one before, and nothing else is', async () => {
    const { q, onSubmit } = served();
    type(q('Name'), 'meera');
    type(q('Note'), 'Line one\nLine two');
    q('City').value = 'Chennai';
    q('Agree').checked = true;
    type(q('Title'), 'Support Engineer');
    type(q('Company'), 'Harbour Networks');
    // jsdom has no DataTransfer: the chosen file as a browser's list holds it.
    const cv = new File(['cv'], 'cv.pdf', { type: 'application/pdf' });
    Object.defineProperty(q('File'), 'files', { value: Object.assign([cv], { item: (i: number) => (i === 0 ? cv : null) }) });
    const kept = vi.fn();

    await hydrate(onSubmit, kept);

    // The form's own handlers ran on it (Name is upper-cased by its handler).
    expect(q('Name').value).toBe('MEERA');
    expect(kept).toHaveBeenCalledWith(['name', 'note', 'city', 'agree', 'entry.title', 'entry.company', 'file']);
    await act(async () => q('Name').form!.requestSubmit());
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'MEERA',
      note: 'Line one\nLine two',
      city: 'Chennai',
      agree: true,
      entry: { title: 'Support Engineer', company: 'Harbour Networks' },
      file: 'cv.pdf',
    });
  });

  it('finds nothing on a form as the server rendered it', async () => {
    const { onSubmit } = served();
    const kept = vi.fn();
    await hydrate(onSubmit, kept);
    expect(kept).not.toHaveBeenCalled();
  });

  it('is not looked for in a form the app renders itself', async () => {
    (window as Early).__early = { held: [], taken: true };
    const kept = vi.fn();
    const view = render(<Form onSubmit={vi.fn()} onKept={kept} />);
    await act(async () => {});
    expect(kept).not.toHaveBeenCalled();
    expect(view.container.querySelector<HTMLSelectElement>('select')!.value).toBe('Pune');
  });
});

describe('taps and submits held back before the app took over', () => {
  it('are replayed once, in order, when still on the page and usable', async () => {
    const onSubmit = vi.fn();
    const clicks: string[] = [];
    const { container: page } = render(
      <div>
        <button type="button" onClick={() => clicks.push('menu')}>
          Menu
        </button>
        <button type="button" disabled onClick={() => clicks.push('disabled')}>
          Off
        </button>
        <form data-submit-with-script onSubmit={(e) => (e.preventDefault(), onSubmit())} />
      </div>,
    );
    const [menu, off] = Array.from(page.querySelectorAll('button'));
    const gone = document.createElement('button');
    (window as Early).__early = { held: [menu!, gone, off!, page.querySelector('form')!] };

    expect(replayEarlyActions()).toBe(2);
    expect(clicks).toEqual(['menu']);
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(replayEarlyActions()).toBe(0);
  });
});
