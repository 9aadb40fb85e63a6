import copy from '../../../../content/career.json';

const t = copy.whoWeAre;

/** A short list of what the team is like. */
export function WhoWeAre() {
  return (
    <section aria-labelledby="who-we-are-title" className="py-16 sm:py-20">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 lg:grid-cols-3 lg:px-6">
        <div data-reveal="fade-in-left">
          <h2 id="who-we-are-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {t.heading}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{t.intro}</p>
        </div>
        <ul className="grid gap-6 sm:grid-cols-2 lg:col-span-2">
          {t.items.map((item, i) => (
            <li key={item.title} data-reveal="fade-in-up" className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 font-bold text-brand-700"
              >
                {i + 1}
              </span>
              <div>
                <h3 className="text-lg font-semibold text-slate-900">{item.title}</h3>
                <p className="mt-1 leading-relaxed text-slate-700">{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
