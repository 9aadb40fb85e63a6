// The state and actions an editor screen of the console shares (a job, a
// blog post): load the item named in the address, keep the form and what
// was last saved (and warn before unsaved edits are lost), save, publish,
// and say how an action went, with the first refused field focused.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { EditConflict } from '../../gen/wire';
import { ApiRequestError } from '../../lib/api-client';
import { describeError } from './form-field';
import { useUnsavedChanges } from './unsaved-changes';

/**
 * How an action on a new item went. Its first save gives the item an
 * address, and the editor there is a new one: the outcome travels in the
 * navigation's state so that editor can say it.
 */
interface Outcome {
  notice?: string;
  error?: string;
  fields?: Record<string, string>;
}

/**
 * The staff API calls an editor makes for its item T with body B: the
 * screen writes them with its routes (adminGet, adminSend), so that their
 * types are the routes'.
 */
export interface EditorCalls<T, B> {
  load: (id: string) => Promise<T>;
  create: (body: B) => Promise<T>;
  /** Saves body; its baseVersion is the version the edit started from. */
  update: (id: string, body: B) => Promise<T>;
  publish: (id: string) => Promise<T>;
  remove: (id: string) => Promise<unknown>;
}

/** An item the editor saves: it has a status and counts its versions. */
export interface Versioned {
  id: string;
  status: string;
  version: number;
  updatedBy: string;
  updatedAt: string;
}

/**
 * A save refused because someone else saved the item after the version
 * the edit started from: who and when, and their version of the item.
 */
export interface SaveConflict<T> {
  theirs: T;
  changedBy: string;
  changedAt: string;
  message: string;
}

export interface EditorPageOptions<T extends Versioned, F, B extends { baseVersion: number }> {
  /** The item's ID from the address; undefined for a new item. */
  id: string | undefined;
  /** The item's calls of the staff API. */
  calls: EditorCalls<T, B>;
  empty: F;
  formOf: (item: T) => F;
  /** The request body of a form. */
  bodyOf: (form: F) => B;
  /** The prefix of the form's field IDs: "job" focuses #job-title. */
  fieldPrefix: string;
  /** The rich-text field: focused through its editor, not by ID. */
  richField: string;
  /** Sees every item the server answers with on loading and saving. */
  onSaved?: (item: T) => void;
  /** Something besides the form that leaving would lose (an upload under way). */
  pending?: boolean;
  /** The item in a conflict's answer (its job or its post). */
  theirsOf: (c: EditConflict) => T | undefined;
}

export function useEditorPage<T extends Versioned, F, B extends { baseVersion: number }>(o: EditorPageOptions<T, F, B>) {
  const { id, calls, empty, formOf, bodyOf, fieldPrefix, richField, onSaved, pending = false, theirsOf } = o;
  const navigate = useNavigate();
  const carried = useLocation().state as Outcome | null;
  const [item, setItem] = useState<T | null>(null);
  const [form, setForm] = useState<F>(empty);
  const [saved, setSaved] = useState<F>(empty);
  const [loadError, setLoadError] = useState('');
  const [error, setError] = useState(carried?.error ?? '');
  const [fields, setFields] = useState<Record<string, string>>(carried?.fields ?? {});
  const [notice, setNotice] = useState(carried?.notice ?? '');
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<SaveConflict<T> | null>(null);
  const focusRich = useRef<() => void>(() => {});
  const errorRef = useRef<HTMLParagraphElement>(null);
  // The latest callbacks, for the effect that loads once per ID (set
  // before it runs: effects run in order).
  const latest = useRef({ formOf, onSaved });
  useEffect(() => {
    latest.current = { formOf, onSaved };
  });

  /** Takes an item the server answered with as the saved state. */
  const took = useCallback((t: T) => {
    setItem(t);
    setConflict(null);
    setForm(latest.current.formOf(t));
    setSaved(latest.current.formOf(t));
    latest.current.onSaved?.(t);
  }, []);

  useEffect(() => {
    if (!id) return;
    let live = true;
    calls
      .load(id)
      .then((t) => live && took(t))
      .catch((e: unknown) => live && setLoadError(describeError(e).message));
    return () => {
      live = false;
    };
  }, [id, calls, took]);

  const dirty = JSON.stringify(form) !== JSON.stringify(saved);
  useUnsavedChanges(dirty || pending);

  const onEditorReady = useCallback((focus: () => void) => {
    focusRich.current = focus;
  }, []);

  /** Shows a refusal: its message, its fields' messages, the first of them focused; a conflict's versions. */
  function fail(e: unknown) {
    const d = describeError(e);
    setError(d.message);
    setFields(d.fields);
    const c = e instanceof ApiRequestError ? e.conflict : undefined;
    const theirs = c && theirsOf(c);
    if (c && theirs) setConflict({ theirs, changedBy: c.changedBy, changedAt: c.changedAt, message: d.message });
    const first = Object.keys(d.fields)[0];
    queueMicrotask(() => {
      if (first === richField) focusRich.current();
      else if (first) document.getElementById(`${fieldPrefix}-${first}`)?.focus();
      else errorRef.current?.focus();
    });
  }

  /** Starts an action: busy, with the last one's messages cleared. */
  function begin() {
    setBusy(true);
    setConflict(null);
    setError('');
    setFields({});
    setNotice('');
  }

  /** Runs an action on the server: its refusal is shown, and the screen is not busy after. */
  async function run(action: () => Promise<void>) {
    begin();
    try {
      await action();
    } catch (e) {
      fail(e);
    }
    setBusy(false);
  }

  /**
   * Saves the form (creates the item when new) as an edit of version base
   * (the item as loaded or last saved); the saved item, or null on failure.
   */
  async function save(base: T | null = item): Promise<T | null> {
    try {
      const body = { ...bodyOf(form), baseVersion: base?.version ?? 0 };
      const t = base ? await calls.update(base.id, body) : await calls.create(body);
      took(t);
      return t;
    } catch (e) {
      fail(e);
      return null;
    }
  }

  /** Goes to the address of an item just created, where its editor says how the action went. */
  function showCreated(t: T, outcome: Outcome) {
    navigate(`../${t.id}`, { relative: 'path', replace: true, state: outcome });
  }

  /** Save: done says how it went for the item as it was before (null when new). */
  async function onSave(done: (before: T | null) => string) {
    begin();
    const before = item;
    const t = await save();
    if (t) {
      if (!before) return showCreated(t, { notice: done(before) });
      setNotice(done(before));
    }
    setBusy(false);
  }

  /** Save, then publish; published sees the item the server published. */
  async function onPublish(done: string, published?: (t: T) => void) {
    begin();
    const created = !item;
    const t = await save();
    if (t) {
      try {
        const p = await calls.publish(t.id);
        if (created) return showCreated(p, { notice: done });
        setItem(p);
        published?.(p);
        setNotice(done);
      } catch (e) {
        if (created) return showCreated(t, { error: describeError(e).message, fields: describeError(e).fields });
        fail(e);
      }
    }
    setBusy(false);
  }

  /**
   * Save, then action on the saved item (an upload into a new draft);
   * done says how it went. A new item's editor opens at its address.
   */
  async function onSaveThen(action: (t: T) => Promise<T>, done: string) {
    begin();
    const created = !item;
    const t = await save();
    if (t) {
      try {
        const u = await action(t);
        if (created) return showCreated(u, { notice: done });
        took(u);
        setNotice(done);
      } catch (e) {
        if (created) return showCreated(t, { error: describeError(e).message, fields: describeError(e).fields });
        fail(e);
      }
    }
    setBusy(false);
  }

  /** Resolves a conflict by saving the form over their version. */
  async function keepMine(done: string) {
    if (!conflict) return;
    const theirs = conflict.theirs;
    begin();
    if (await save(theirs)) setNotice(done);
    setBusy(false);
  }


  /** Resolves a conflict by taking their version into the form, dropping the edit. */
  function takeTheirs(done: string) {
    if (!conflict) return;
    begin();
    took(conflict.theirs);
    setNotice(done);
    setBusy(false);
  }

  /** Deletes the item after confirm, then goes back to the list. */
  async function onDelete(confirm: string) {
    if (!item || !window.confirm(confirm)) return;
    await run(async () => {
      await calls.remove(item.id);
      setSaved(form); // nothing left to lose
      navigate('..', { relative: 'path' });
    });
  }

  return {
    item,
    setItem,
    took,
    /** Takes the form as saved: nothing left to lose when leaving. */
    setSaved: () => setSaved(form),
    conflict,
    keepMine,
    takeTheirs,
    form,
    setForm,
    dirty,
    loadError,
    error,
    fields,
    setFields,
    notice,
    setNotice,
    busy,
    setBusy,
    errorRef,
    onEditorReady,
    begin,
    fail,
    run,
    onSave,
    onPublish,
    onSaveThen,
    onDelete,
  };
}
