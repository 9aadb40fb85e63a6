// Parts of the page as served that hydrate each in a task of its own.
// Hydration runs every component of the page in one go; on a phone that
// is one long task (about 200 ms with the CPU slowed 4× on the job list),
// during which a tap waits. HydrateLater hands its part to Preact as
// suspended while the page as served is hydrated: Preact keeps the part's
// markup as the server sent it and hydrates it when the part's turn comes,
// one part per task, in the order the parts were rendered, so the browser
// can paint and answer input in between. Until the last part has hydrated
// the page counts as still being hydrated (early-input.ts): taps are held
// and replayed after, and forms in a part keep what was typed into them.
// Rendered by the server, or by the app itself (a test, a page built after
// a client-side navigation), it renders its element at once.
import { Suspense, createElement, useLayoutEffect, useRef, type ReactNode } from 'react';
import { captureEarlyInput, holdTakeOver, hydrating, partHydrated } from '../lib/early-input';

interface Turn {
  /** Whether the part may hydrate now. */
  ready: boolean;
  /** Settles when it may (what the part suspends on). */
  promise: Promise<void>;
  /** Tells the page this part has hydrated. */
  hydrated: () => void;
}

/** The turns of the page's parts, by name; only while the page as served hydrates (a page's worth). */
const turns = new Map<string, Turn>();
/** The parts waiting, first rendered first; each is let go in a task of its own. */
const waiting: (() => void)[] = [];

/** What runs in the next tasks, one each, in order. */
const later: (() => void)[] = [];
let channel: MessageChannel | null = null;

/**
 * Runs f in a task of its own, after those already asked for: a message
 * the page sends itself, which (unlike a timer) no test clock holds back.
 */
function inATaskOfItsOwn(f: () => void) {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => later.shift()?.();
  }
  later.push(f);
  channel.port2.postMessage(0);
}

function letNextGo() {
  inATaskOfItsOwn(() => {
    waiting.shift()?.();
    if (waiting.length > 0) letNextGo();
  });
}

function turnOf(name: string): Turn {
  let turn = turns.get(name);
  if (!turn) {
    let release!: () => void;
    const t: Turn = { ready: false, promise: new Promise<void>((r) => (release = r)), hydrated: holdTakeOver() };
    waiting.push(() => {
      // What was typed into the part while it waited, before its hydration can set a field back (a textarea).
      captureEarlyInput(document);
      t.ready = true;
      release();
      // The part renders in this task and tells the page it has hydrated; should it be gone
      // (its list rendered again, say), the page must not wait for it.
      inATaskOfItsOwn(t.hydrated);
    });
    if (waiting.length === 1) letNextGo();
    turns.set(name, t);
    turn = t;
  }
  return turn;
}

interface Props {
  /** Names the part on its page (unique there): it finds its turn again when let go. */
  name: string;
  /** The element: its tag. It holds the whole part, so Preact keeps it as served while the part waits. */
  as: 'li' | 'section' | 'div';
  className?: string;
  id?: string;
  'data-reveal'?: string;
  'aria-labelledby'?: string;
  children: ReactNode;
}

function Part({ name, as, children, ...props }: Props) {
  const turn = hydrating() ? turnOf(name) : null;
  const el = useRef<HTMLElement>(null);
  // Runs once the part has hydrated (not for the render that suspended, which never commits).
  useLayoutEffect(() => {
    if (!turn) return;
    if (el.current) partHydrated(el.current);
    turn.hydrated();
  }, [turn]);
  if (turn && !turn.ready) throw turn.promise;
  // data-hydrate-later marks the part's element for early-input.ts: until it has hydrated, its fields have no handlers.
  return createElement(as, { ...props, ref: el, 'data-hydrate-later': '' }, children);
}

/** An element whose contents hydrate in a later task of their own on the page as served (see above). */
export function HydrateLater(props: Props) {
  return (
    <Suspense fallback={null}>
      <Part {...props} />
    </Suspense>
  );
}
