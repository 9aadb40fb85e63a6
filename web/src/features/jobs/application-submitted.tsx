import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import copy from '../../../../content/jobs.json';
import { readOutcome, withoutOutcome } from '../../lib/application-outcome';
import { fill } from '../../lib/text';

const t = copy.submitted;

/**
 * "Application submitted successfully!" with the reference number, when
 * the application form has just sent the visitor here. The message takes
 * focus so it is read first; it is then dropped from the history entry,
 * so a reload or a later Back does not show it again.
 */
export function ApplicationSubmitted() {
  const location = useLocation();
  const navigate = useNavigate();
  const [saved] = useState(() => readOutcome(location.state));
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!saved) return;
    box.current?.focus({ preventScroll: true }); // it sits at the top, where the navigation scrolls to
    navigate(location.pathname + location.search, { replace: true, state: withoutOutcome(location.state) });
    // Once, for the navigation that brought the message.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!saved) return null;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 lg:px-6">
      <div
        ref={box}
        tabIndex={-1}
        role="status"
        aria-labelledby="application-submitted-title"
        className="rounded-2xl border-2 border-green-700 bg-green-50 p-5 text-green-900 sm:p-6"
      >
        <p id="application-submitted-title" className="text-xl font-bold">
          {t.title}
        </p>
        <p className="mt-2">{fill(t.reference, { reference: saved.reference })}</p>
        {saved.jobTitle && <p className="mt-1">{fill(saved.updated ? t.updated : t.new, { jobTitle: saved.jobTitle })}</p>}
      </div>
    </div>
  );
}
