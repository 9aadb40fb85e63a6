import { useState } from 'react';
import copy from '../../../../content/contact.json';
import site from '../../../../content/site.json';
import { MapPinIcon } from '../../components/icons';
import { fill } from '../../lib/text';
import { MapPlaceholder } from './map-placeholder';

const t = copy.map;

/**
 * The office on a map. The map service's frame loads only after the
 * visitor asks for it; the address and a link to the map site are always there.
 */
export function OfficeMap() {
  const [shown, setShown] = useState(false);
  const { address, map } = site;
  return (
    <section aria-labelledby="office-map-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id="office-map-title" className="text-2xl font-bold tracking-tight text-slate-900">
        {t.heading}
      </h2>
      <address className="mt-4 flex gap-3 text-slate-800 not-italic">
        <MapPinIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <span>
          {site.name}
          <br />
          {address.street}
          <br />
          {address.locality}, {address.region} {address.postalCode}
          <br />
          {address.countryName}
        </span>
      </address>
      <div className="mt-5 flex flex-wrap items-center gap-x-5 gap-y-3">
        <button
          type="button"
          aria-controls="office-map-frame"
          onClick={() => setShown((s) => !s)}
          className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white shadow-sm transition-colors hover:bg-brand-800"
        >
          {shown ? t.hide : t.show}
        </button>
        <a
          href={map.linkUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded-sm font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline"
        >
          {t.open} <span className="sr-only">{t.newTab}</span>
        </a>
      </div>
      <p className="mt-3 text-sm text-slate-600">{t.note}</p>
      <div id="office-map-frame" className="mt-5 overflow-hidden rounded-xl ring-1 ring-slate-200">
        {shown ? (
          <iframe
            src={map.embedUrl}
            title={fill(t.frameTitle, { street: address.street, locality: address.locality })}
            loading="lazy"
            referrerPolicy="no-referrer"
            width="600"
            height="360"
            className="block h-[360px] w-full border-0"
          />
        ) : (
          <MapPlaceholder />
        )}
      </div>
    </section>
  );
}
