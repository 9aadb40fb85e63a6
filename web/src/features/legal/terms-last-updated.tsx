import copy from '../../../../content/terms.json';
import site from '../../../../content/site.json';
import { useNow } from '../../lib/clock';
import { formatLongDate } from '../../lib/format';
import { fill } from '../../lib/text';

/**
 * "Last updated: {date}": when the terms last changed (site.json
 * termsLastUpdated). Today's date only when the content does not say, as a
 * legal page must not claim to change daily.
 */
export function TermsLastUpdated({ lastUpdated = site.termsLastUpdated }: { lastUpdated?: string }) {
  const now = useNow();
  const iso = lastUpdated && formatLongDate(lastUpdated) ? lastUpdated : now.toISOString();
  return (
    <p className="text-sm text-slate-600">
      <time dateTime={iso.slice(0, 10)}>{fill(copy.lastUpdated, { date: formatLongDate(iso) })}</time>
    </p>
  );
}
