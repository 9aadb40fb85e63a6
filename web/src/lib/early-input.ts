// What a visitor does on a server-rendered page before its script takes
// over. The page is painted and usable-looking seconds before the app
// hydrates on a slow phone, and people (and browsers' autofill) type at
// once. Hydration leaves most fields as they are but the app's state still
// holds the server's value, so the next render of the form put that back
// and the typing was gone; and Preact's hydration sets a textarea's value
// to the rendered one at once. So what is in the fields is read just
// before hydration starts (captureEarlyInput), the form's own change
// handlers are given it as the form hydrates, and the taps and submits the
// page's inline loader held back (see appLoader in the Go server) are
// replayed once the app is ready.

import { flushSync } from 'react-dom';

/** A form control whose value the visitor can change. */
type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * The value the server rendered into a select: its default-selected
 * option's (the server marks the option of its value), or null when no
 * option is marked (a select the app rendered itself).
 */
function renderedSelectValue(el: HTMLSelectElement): string | null {
  return Array.from(el.options).find((o) => o.defaultSelected)?.value ?? null;
}

/** Whether el holds something other than what the app rendered into it. */
function changedByVisitor(el: Control): boolean {
  if (el.disabled) return false;
  if (el instanceof HTMLSelectElement) {
    const rendered = renderedSelectValue(el);
    return !el.multiple && rendered !== null && el.value !== rendered;
  }
  if (el instanceof HTMLTextAreaElement) return el.value !== el.defaultValue;
  switch (el.type) {
    case 'checkbox':
    case 'radio':
      return el.checked !== el.defaultChecked;
    case 'file':
      return (el.files?.length ?? 0) > 0;
    case 'submit':
    case 'button':
    case 'reset':
    case 'image':
    case 'hidden':
      return false;
    default:
      return el.value !== el.defaultValue;
  }
}

/** The browser's own setter of a property, past the one React puts on each element to notice changes. */
function nativeValueSetter(el: Element): (v: string) => void {
  let proto: object | null = Object.getPrototypeOf(el);
  while (proto) {
    const d = Object.getOwnPropertyDescriptor(proto, 'value');
    if (d?.set) return (v) => d.set!.call(el, v);
    proto = Object.getPrototypeOf(proto);
  }
  return (v) => ((el as HTMLInputElement).value = v);
}

/** A field the visitor filled before the app started, and what they put there. */
interface Filled {
  el: Control;
  value: string;
  checked: boolean;
  files: File[];
  /** Where the caret or selection was, when the field had the focus. */
  selection: [number, number] | null;
}

/** What is in el now. */
function read(el: Control): Filled {
  const input = el instanceof HTMLInputElement ? el : null;
  let selection: [number, number] | null = null;
  if (!(el instanceof HTMLSelectElement) && el.ownerDocument.activeElement === el) {
    try {
      if (el.selectionStart !== null && el.selectionEnd !== null) selection = [el.selectionStart, el.selectionEnd];
    } catch {
      // Inputs without a caret (date, email in some browsers) have no selection to keep.
    }
  }
  return { el, value: el.value, checked: input?.checked ?? false, files: Array.from(input?.files ?? []), selection };
}

/** The fields the visitor filled, as read just before hydration (captureEarlyInput); null when not read. */
let captured: WeakMap<Control, Filled> | null = null;

/**
 * Reads what the visitor put into the fields under root before the app
 * hydrates it: call it just before hydrating, in the same task, and again
 * before each part that hydrates later (HydrateLater). The forms then hand
 * over these values (keepEarlyInput), whatever hydration did to the
 * fields. Without it the forms read their fields as they hydrate.
 */
export function captureEarlyInput(root: ParentNode) {
  if (!hydrating()) return;
  captured ??= new WeakMap();
  for (const el of Array.from(root.querySelectorAll('input, textarea, select'))) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)) continue;
    if (changedByVisitor(el)) captured.set(el, read(el));
  }
}

/** Puts files back into a file input. */
function putFiles(el: HTMLInputElement, files: File[]) {
  try {
    const dt = new DataTransfer();
    for (const f of files) dt.items.add(f);
    el.files = dt.files;
  } catch {
    // A browser that will not take files this way: the visitor chooses them again.
  }
}

/**
 * Hands a filled field to the app as the change it is: the event the app
 * listens to, after telling React's change tracking that the field held
 * its rendered value (React reports a change only from what it last saw).
 */
function replayChange({ el, value, checked, files, selection }: Filled) {
  if (!el.isConnected) return;
  if (el instanceof HTMLSelectElement || (el instanceof HTMLInputElement && el.type === 'file')) {
    // React reports every change event of these.
    if (el instanceof HTMLSelectElement) el.value = value;
    else if ((el.files?.length ?? 0) === 0) putFiles(el, files); // emptied by an effect that ran first
    el.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
    el.checked = !checked; // through React's tracker: it now holds the other state
    el.click(); // toggles to what the visitor chose and fires the click React listens to
    return;
  }
  const focused = el.ownerDocument.activeElement === el;
  el.value = el.defaultValue; // through React's tracker: the value React rendered
  nativeValueSetter(el)(value);
  if (focused && selection) {
    try {
      el.setSelectionRange(...selection);
    } catch {
      // Inputs without a caret (date, email in some browsers) refuse it.
    }
  }
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Gives form's change handlers whatever the visitor put into its fields
 * that the app did not render there, in form order, and calls onKept with
 * their names. Run while the form hydrates (a layout effect), before
 * anything renders it again. The fields of parts of the page that hydrate
 * later (HydrateLater) have no handlers yet: they are handed over once
 * the last part has hydrated, just before the app takes over. It hands
 * over what is in the fields then, or what
 * captureEarlyInput read in them before hydration set them back; the changes are handed over just after the commit, one at a time, so each
 * handler sees the state the one before left (handlers that build an
 * entry from the render's values would otherwise overwrite each other).
 * On a form the app rendered itself it finds nothing.
 */
export function keepEarlyInput(form: HTMLFormElement, onKept?: (names: string[]) => void) {
  if (!hydrating()) return;
  const now: Element[] = [];
  const waiting: Element[] = [];
  for (const el of Array.from(form.elements)) (inWaitingPart(el) ? waiting : now).push(el);
  if (waiting.length > 0) beforeTakeOver.push(() => handOver(waiting, onKept));
  handOver(now, onKept);
}

/** Hands the filled ones of fields to their handlers (see keepEarlyInput). */
function handOver(fields: Element[], onKept?: (names: string[]) => void) {
  const filled: Filled[] = [];
  for (const el of fields) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)) continue;
    // As the field is now, or as it was before hydration set it back (a textarea under Preact).
    const f = changedByVisitor(el) ? read(el) : captured?.get(el);
    if (f) filled.push(f);
  }
  if (filled.length === 0) return;
  queueMicrotask(() => {
    // Each change renders before the next is handed over: React renders a
    // discrete event's updates at once, Preact batches them to a microtask.
    for (const f of filled) flushSync(() => replayChange(f));
    onKept?.(filled.map((f) => f.el.name || f.el.id));
  });
}

/** What appLoader keeps: the buttons tapped and the forms submitted before the app took over, in order. */
interface EarlyActions {
  taken?: boolean;
  held: Element[];
}

function earlyActions(): EarlyActions | undefined {
  return typeof window === 'undefined' ? undefined : (window as unknown as { __early?: EarlyActions }).__early;
}

/**
 * Whether the page's first render is being hydrated: the loader ran and the
 * app has not yet taken over. A form's layout effect runs before the app's
 * (children first), so a form on the page as served sees true, and one the
 * app renders later (a client-side navigation) false.
 */
export function hydrating(): boolean {
  const early = earlyActions();
  return early !== undefined && !early.taken;
}

/** Parts of the page as served still waiting for their turn to hydrate (HydrateLater). */
let waitingParts = 0;
/** Whether the app's own first commit has happened (markTakenOver was called). */
let appCommitted = false;
/** What runs once the app has taken over the whole page. */
const onTakeOver: (() => void)[] = [];
/** What runs once every part has hydrated, just before the app takes over (forms handing over early input). */
const beforeTakeOver: (() => void)[] = [];
/** The elements of the parts (HydrateLater, marked data-hydrate-later) that have hydrated. */
const hydratedParts = new WeakSet<Element>();

/** Tells the page that the part whose element is el has hydrated: its fields have handlers. */
export function partHydrated(el: Element) {
  hydratedParts.add(el);
}

/** Whether el is in a part of the page that has not hydrated yet. */
function inWaitingPart(el: Element): boolean {
  const part = el.closest('[data-hydrate-later]');
  return part !== null && !hydratedParts.has(part);
}

/**
 * Counts a part of the page as served that hydrates in a later task
 * (HydrateLater): until every such part has, the page is still being
 * hydrated (hydrating() stays true, early input is kept for its forms and
 * taps are held). Returns what to call once the part has hydrated.
 */
export function holdTakeOver(): () => void {
  waitingParts++;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    waitingParts = Math.max(0, waitingParts - 1);
    if (waitingParts === 0 && appCommitted && hydrating()) takeOver();
  };
}

/**
 * Ends the hydration of the page as served at once: the visitor went to
 * another page before every part had its turn. Parts still waiting then
 * hydrate as the app's own, and the next page is rendered, not hydrated.
 */
export function endHydration() {
  if (!hydrating()) return;
  waitingParts = 0;
  appCommitted = true;
  takeOver();
}

/**
 * Tells the loader the app has taken over the page: from now on taps and
 * submits go to the app, not into the queue. Called as the page hydrates
 * (a layout effect of the app); when parts of the page hydrate later
 * (holdTakeOver), the take-over waits for the last of them.
 */
export function markTakenOver() {
  appCommitted = true;
  if (waitingParts === 0) takeOver();
}

function takeOver() {
  for (const f of beforeTakeOver.splice(0)) f();
  const early = earlyActions();
  if (early) early.taken = true;
  captured = null;
  for (const f of onTakeOver.splice(0)) f();
}

/** Runs f once the app has taken over the whole page (at once if it has, or if no loader ran). */
export function whenTakenOver(f: () => void) {
  if (hydrating()) onTakeOver.push(f);
  else f();
}

/**
 * Replays what the loader held back: each tapped button is clicked and
 * each form submitted again, once, if still on the page and usable. Called
 * once the hydrated page has settled (after its effects ran).
 */
export function replayEarlyActions(): number {
  const early = earlyActions();
  if (!early) return 0;
  const held = early.held.splice(0);
  let n = 0;
  for (const el of held) {
    if (!el.isConnected) continue;
    if (el instanceof HTMLFormElement) {
      el.requestSubmit();
      n++;
    } else if (el instanceof HTMLButtonElement && !el.disabled) {
      el.click();
      n++;
    }
  }
  return n;
}

/**
 * When the visitor could first see what is mounting, as performance.now()
 * time: for a page being hydrated, its first paint (the visitor may have
 * been filling its form since then); for what the app renders itself, now.
 * Forms time their filling from it (very fast submissions are robots').
 */
export function shownSince(): number {
  const now = performance.now();
  if (typeof document === 'undefined' || document.documentElement.dataset.hydrated) return now;
  const paint = performance.getEntriesByName?.('first-paint')[0] ?? performance.getEntriesByName?.('first-contentful-paint')[0];
  return paint && paint.startTime < now ? paint.startTime : now;
}
