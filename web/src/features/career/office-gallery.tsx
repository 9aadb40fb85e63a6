import copy from '../../../../content/career.json';
import { Section } from '../../components/section';
import { OfficeScene } from './office-art';

const t = copy.office;

/** Pictures of the office (our own illustrations), each with a caption. */
export function OfficeGallery() {
  return (
    <Section id="office-title" title={t.heading} intro={t.intro} tone="muted" asServed>
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
    </Section>
  );
}
