// An application's timeline: what happened to it, oldest first, with
// when (in the site's time zone), who and what, in words. It is loaded
// again whenever the detail changes (a note added, a stage moved).
import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../lib/api-client';
import type { TimelineEvent } from '../../gen/wire';
import { adminGet, adminPath } from '../api';
import { formatWhen } from '../ui/format';
import { statusLabel } from './labels';

/** What a document's ID is called in the timeline. */
function documentName(id: string): string {
  if (id === 'resume') return 'the resume';
  if (id === 'national-id') return 'the national ID document';
  const cert = /^certification-(\d+)$/.exec(id);
  return cert ? `certification document ${cert[1]}` : id || 'a document';
}

/** A stage change "new → reviewing" in the pipeline's words. */
function stageChange(text: string): string {
  const [from, to] = text.split(' → ');
  return from && to ? `Moved from ${statusLabel(from)} to ${statusLabel(to)}` : `Stage changed: ${text}`;
}

const MAIL_STATUS: Record<string, string> = {
  queued: 'queued',
  sending: 'being sent',
  sent: 'sent',
  failed: 'failed',
};

/** What an event says, in words. */
export function eventWords(e: TimelineEvent): string {
  switch (e.kind) {
    case 'received':
      return 'Application received';
    case 'replaced':
      return 'The applicant sent a new version, which replaced the earlier one';
    case 'opened':
      return 'Opened';
    case 'stage':
      return stageChange(e.text);
    case 'spam':
      return 'Marked as spam';
    case 'not-spam':
      return 'Marked as not spam';
    case 'id-revealed':
      return 'National ID number revealed';
    case 'document':
      return `Downloaded ${documentName(e.text)}`;
    case 'email':
      return `E-mail to the applicant (${MAIL_STATUS[e.status] ?? e.status}): ${e.text}`;
    case 'note':
      return `Note: ${e.text}`;
    case 'withdrawn':
      return 'Withdrawn by the applicant';
    default:
      return e.text ? `${e.kind}: ${e.text}` : e.kind;
  }
}

/** Who did it: a member of staff, or the applicant or the site. */
export function eventActor(e: TimelineEvent): string {
  if (e.actor) return e.actor;
  if (e.kind === 'received' || e.kind === 'replaced' || e.kind === 'withdrawn') return 'Applicant';
  return 'Site';
}

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; events: TimelineEvent[] };

/** The list itself (loaded events), newest at the bottom. */
export function TimelineList({ events }: { events: TimelineEvent[] }) {
  if (events.length === 0) return <p>Nothing has happened yet.</p>;
  return (
    <ol className="space-y-2 border-l-2 border-slate-200 pl-4" aria-label="Events, oldest first">
      {events.map((e, i) => (
        <li key={i} className="text-sm">
          <p className="text-slate-700">
            <time dateTime={e.at}>{formatWhen(e.at)}</time> · {eventActor(e)}
          </p>
          <p className="break-words text-slate-900">{eventWords(e)}</p>
        </li>
      ))}
    </ol>
  );
}

/** The timeline of application id; version changes when it should load again. */
export function Timeline({ id, version }: { id: string; version: unknown }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    adminGet(adminPath('/applications/{id}/timeline', { id }))
      .then((t) => live && setLoad({ state: 'done', events: t.events }))
      .catch(
        (e: unknown) =>
          live &&
          setLoad({ state: 'error', message: e instanceof ApiRequestError ? e.message : 'Could not load the timeline.' }),
      );
    return () => {
      live = false;
    };
  }, [id, version]);
  return (
    <section className="space-y-3" aria-labelledby="timeline-title">
      <h2 id="timeline-title" className="text-lg font-semibold text-slate-900">
        Timeline
      </h2>
      {load.state === 'loading' && <p role="status">Loading the timeline…</p>}
      {load.state === 'error' && (
        <p role="alert" className="text-red-700">
          {load.message}
        </p>
      )}
      {load.state === 'done' && <TimelineList events={load.events} />}
    </section>
  );
}
