import { CheckIcon } from './service-icons';

export interface Point {
  title: string;
  text: string;
}

/** Short reasons with a check mark each (the "Why Choose Us" lists). */
export function PointList({ items }: { items: readonly Point[] }) {
  return (
    <ul className="grid gap-x-10 gap-y-8 md:grid-cols-2 lg:grid-cols-3">
      {items.map((p) => (
        <li key={p.title} data-reveal="fade-in-up" className="flex gap-4">
          <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
            <CheckIcon className="size-4" />
          </span>
          <div>
            <h3 className="text-lg font-semibold text-slate-900">{p.title}</h3>
            <p className="mt-1.5 leading-relaxed text-slate-700">{p.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
