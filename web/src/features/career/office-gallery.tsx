import copy from '../../../../content/career.json';
import { OfficeScene } from './office-art';

const t = copy.office;

/** Pictures of the office (our own illustrations), each with a caption. */
export function OfficeGallery() {
  return (
    <section aria-labelledby="office-title" className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 lg:px-6">
        <div data-reveal="fade-in-up" className="max-w-2xl">
          <h2 id="office-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {t.heading}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{t.intro}</p>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2">
          {t.photos.map((photo) => (
            <li key={photo.scene} data-reveal="fade-in-up">
              <figure className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
                <OfficeScene scene={photo.scene} alt={photo.alt} />
                <figcaption className="px-5 py-4 font-medium text-slate-800">{photo.caption}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
