import { useCallback, useEffect, useRef, useState } from 'react';
import { shownSince, whenTakenOver } from '../../lib/early-input';
import { browserDraftStore, isKeyCompleted, type Draft } from './draft-store';
import type { ApplyValues } from './form-state';
import type { ApplicationFiles } from './rules';
import type { SubmissionKey } from './use-submission-key';

/** How long after the last change the draft is written to this device. */
export const DRAFT_SAVE_DELAY_MS = 500;

interface Options {
  jobId: string;
  /** What the form holds now: the draft follows it. */
  values: ApplyValues;
  files: ApplicationFiles;
  /** The application's key, kept with the draft so a reload after a lost answer sends with the same one. */
  submissionKey: SubmissionKey;
  /** Puts a draft's values and files into the form. */
  onRestore(draft: Draft): void;
}

/**
 * The application's draft on this device. Once the page has hydrated the
 * draft for the job is looked for: restored when the visitor has not
 * changed anything yet, else offered (restored only if they ask, never put
 * over what they typed). After that the draft follows the form a moment
 * after each change, and a change not yet written is written when the page
 * (or the form) goes. Nothing is written until the visitor changes
 * something, nor once the application was stored.
 */
export function useApplicationDraft({ jobId, values, files, submissionKey, onRestore }: Options) {
  const [restored, setRestored] = useState(false);
  /** A draft found after the visitor had started typing here: offered, never put over what they typed. */
  const [offered, setOffered] = useState<Draft | null>(null);
  /** When the visitor started this application (Date.now()): when the form was first shown, or the restored draft's. */
  const startedAt = useRef<number | null>(null);
  /** Whether the visitor changed anything since the form started (or started over). */
  const dirty = useRef(false);
  /** Whether the draft on this device has been looked for: saving waits for it. */
  const loaded = useRef(false);
  const pendingSave = useRef(false);
  /** Whether the application was stored: its draft must not come back. */
  const done = useRef(false);
  const latest = useRef({ values, files });
  latest.current = { values, files };
  const putIntoForm = useRef(onRestore);
  putIntoForm.current = onRestore;

  const saveNow = useCallback(() => {
    pendingSave.current = false;
    if (done.current) return;
    const { values, files } = latest.current;
    browserDraftStore()
      ?.save(jobId, {
        values,
        files,
        idempotencyKey: submissionKey.current(),
        sentFingerprint: submissionKey.sentFingerprint(),
        startedAt: (startedAt.current ??= Date.now()),
      })
      .catch(() => {
        // A draft that cannot be kept costs only the convenience.
      });
  }, [jobId, submissionKey]);

  /** Puts a draft into the form: it keeps when the application was started, so a reload does not start the clock again. */
  const restore = useCallback(
    (d: Draft) => {
      putIntoForm.current(d);
      submissionKey.restore(d.idempotencyKey, d.sentFingerprint);
      if (Number.isFinite(d.startedAt) && (startedAt.current === null || d.startedAt < startedAt.current)) startedAt.current = d.startedAt;
      setRestored(true);
    },
    [submissionKey],
  );

  // After hydration: note when the form was first seen (very fast submissions are robots'; a page being hydrated was
  // seen from its first paint), and restore a draft, or offer it when the visitor has already typed here.
  useEffect(() => {
    startedAt.current = Math.round(Date.now() - (performance.now() - shownSince()));
    const store = browserDraftStore();
    if (!store) {
      loaded.current = true;
      return;
    }
    let live = true;
    // Looked at once the app has taken over the whole page: parts of the form that hydrate later (HydrateLater) must
    // have, or a draft put into them would not show, and what the visitor typed before has been handed over by then
    // (its replay runs first), so a draft is offered, not put over it.
    const takenOver = new Promise<void>((r) => whenTakenOver(() => queueMicrotask(r)));
    store
      .load(jobId)
      .then(async (d) => {
        await takenOver;
        if (!live || !d) return;
        if (isKeyCompleted(d.idempotencyKey)) {
          // The application was stored but this draft could not be cleared then: clear it now, restore nothing.
          void store.clear(jobId).catch(() => {});
          return;
        }
        if (dirty.current) setOffered(d);
        else restore(d);
      })
      .catch(() => {
        // No draft to offer (storage blocked or broken): the form starts empty.
      })
      .finally(() => {
        if (!live) return;
        loaded.current = true;
        // Changes made while the draft was looked for (typed before the app started, say) are saved now.
        if (dirty.current) saveNow();
      });
    return () => {
      live = false;
    };
  }, [jobId, restore, saveNow]);

  // The draft follows the form a moment after each change.
  useEffect(() => {
    if (!dirty.current || !loaded.current || done.current) return;
    pendingSave.current = true;
    const timer = setTimeout(saveNow, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values, files, saveNow]);

  // Leaving the page (or the form) with a change not yet written: write it now.
  useEffect(() => {
    const flush = () => {
      if (pendingSave.current) saveNow();
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [saveNow]);

  return {
    restored,
    offered,
    /** The visitor changed something: from now on the draft follows the form, and a draft found later is offered. */
    changed() {
      dirty.current = true;
    },
    /** Puts the offered draft into the form, over what was typed: the visitor asked for it. */
    acceptOffer() {
      if (!offered) return;
      dirty.current = true;
      restore(offered);
      setOffered(null);
    },
    declineOffer() {
      setOffered(null);
    },
    /** A new application from an empty form: the draft is dropped and the clock starts again. */
    startOver() {
      dirty.current = false;
      pendingSave.current = false;
      void browserDraftStore()
        ?.clear(jobId)
        .catch(() => {});
      startedAt.current = Date.now();
      setRestored(false);
      setOffered(null);
    },
    /** Wall-clock time since the application was started, on this page or before a reload (never negative if the clock moved back). */
    elapsedMs(): number | null {
      return startedAt.current === null ? null : Math.max(0, Date.now() - startedAt.current);
    },
    /** Writes the draft at once (the key just changed, say), once the draft on this device has been looked for. */
    save() {
      if (loaded.current) saveNow();
    },
    /** The application was stored: its draft is cleared and never written again. */
    async submitted() {
      done.current = true;
      pendingSave.current = false;
      await browserDraftStore()
        ?.clear(jobId)
        .catch(() => {});
    },
  };
}
