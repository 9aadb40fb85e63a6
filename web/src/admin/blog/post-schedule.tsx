// Scheduling a draft post to publish itself: the time in the site's zone
// (named next to the field), and Schedule, Reschedule and Unschedule. The
// server checks the time and that the post, as saved, may be published.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AdminPost, AdminPostInput } from '../../gen/wire';
import { adminPath, adminSend } from '../api';
import { FormField, inputClass, primaryButton, secondaryButton } from '../editor/form-field';
import type { EditorCalls } from '../editor/use-editor-page';
import { SITE_ZONE } from '../ui/format';

function zonePart(zone: string, at: Date, style: 'long' | 'longOffset' | 'short', locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: style }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? zone;
}

/** The zone as the field names it: "India Standard Time (UTC+05:30)". */
export function zoneLabel(zone: string = SITE_ZONE, at: Date = new Date()): string {
  const offset = zonePart(zone, at, 'longOffset');
  const utc = offset === 'GMT' || offset === 'GMT+00:00' ? 'UTC' : offset.replace('GMT', 'UTC');
  return `${zonePart(zone, at, 'long')} (${utc})`;
}

/** A datetime-local value ("2026-12-03T09:00") in words, in the zone: "3 December 2026, 09:00 IST"; "" when it is not one. */
export function localText(value: string, zone: string = SITE_ZONE): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return '';
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0] = m.slice(1).map(Number);
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, mo - 1, d)));
  // The zone's short name at about that moment (its offset is at most a day off).
  const short = zonePart(zone, new Date(Date.UTC(y, mo - 1, d, h, mi)), 'short', 'en-IN');
  return `${day}, ${m[4]}:${m[5]} ${short}`;
}

/**
 * The editor's calls with publishing turned into scheduling while
 * scheduleAt holds a time: the editor's Publish (save, then publish) then
 * saves and schedules.
 */
export function useSchedulingCalls(calls: EditorCalls<AdminPost, AdminPostInput>) {
  const scheduleAt = useRef<string | null>(null);
  const wrapped = useMemo<EditorCalls<AdminPost, AdminPostInput>>(
    () => ({
      ...calls,
      publish: (id) =>
        scheduleAt.current === null ? calls.publish(id) : adminSend('POST', adminPath('/posts/{id}/schedule', { id }), { publishAt: scheduleAt.current }),
    }),
    [calls],
  );
  return { calls: wrapped, scheduleAt };
}

interface Props {
  post: AdminPost | null;
  busy: boolean;
  error?: string;
  /** Saves the form and schedules the post at value. */
  onSchedule: (value: string) => Promise<void>;
  onUnschedule: () => Promise<void>;
}

/** The schedule of a draft: its time field and buttons. */
export function PostSchedule({ post, busy, error, onSchedule, onUnschedule }: Props) {
  const saved = post?.schedule?.local ?? '';
  const [value, setValue] = useState(saved);
  useEffect(() => setValue(saved), [saved]);
  const zone = zoneLabel();
  return (
    <fieldset className="rounded-md border border-slate-300 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">Schedule</legend>
      {post?.schedule ? (
        <p className="mb-2 text-sm text-slate-800">
          <strong>{post.schedule.text}</strong> (set by {post.schedule.byName || 'a member of staff'}). Until then it is a draft.
        </p>
      ) : (
        <p className="mb-2 text-sm text-slate-600">Not scheduled. A scheduled post publishes itself at its time, as it was last saved.</p>
      )}
      <FormField id="post-publishAt" label="Publish at" help="At least 1 minute and at most 1 year from now." error={error}>
        {(p) => (
          <div className="flex flex-wrap items-center gap-2">
            <input
              {...p}
              aria-describedby={[p['aria-describedby'], 'post-publishAt-zone'].filter(Boolean).join(' ')}
              type="datetime-local"
              step={60}
              className={`${inputClass} max-w-60`}
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
            <span id="post-publishAt-zone" className="text-sm text-slate-700">
              {zone}
            </span>
          </div>
        )}
      </FormField>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={post?.schedule ? secondaryButton : primaryButton} disabled={busy} onClick={() => void onSchedule(value)}>
          {post?.schedule ? 'Reschedule' : 'Schedule'}
        </button>
        {post?.schedule && (
          <button type="button" className={secondaryButton} disabled={busy} onClick={() => void onUnschedule()}>
            Unschedule
          </button>
        )}
      </div>
    </fieldset>
  );
}
