import copy from '../../../../content/service-pages.json';
import { formatRupees } from '../../lib/format';
import type { Plan } from './plans';
import { CheckIcon } from './service-icons';

interface Props {
  plans: readonly Plan[];
  /** What the price covers ("per month"). */
  priceNote: string;
}

/** Plan cards side by side on wide screens, stacked below 1024px (three columns would squeeze the features). */
export function PlanGrid({ plans, priceNote }: Props) {
  return (
    <ul className="mx-auto grid max-w-2xl gap-8 lg:max-w-none lg:grid-cols-3">
      {plans.map((plan) => (
        <li key={plan.id} data-reveal="fade-in-up" className="flex">
          <PlanCard plan={plan} priceNote={priceNote} />
        </li>
      ))}
    </ul>
  );
}

function PlanCard({ plan, priceNote }: { plan: Plan; priceNote: string }) {
  const headingId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`relative flex w-full flex-col rounded-2xl bg-white p-6 shadow-sm sm:p-8 ${
        plan.featured ? 'ring-2 ring-brand-700' : 'ring-1 ring-slate-200'
      }`}
    >
      {plan.featured && (
        <p className="absolute -top-3.5 left-6 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase">
          {copy.plans.featured}
        </p>
      )}
      <h3 id={headingId} className="text-xl font-semibold text-slate-900">
        {plan.title}
      </h3>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
        <span className="text-4xl font-bold tracking-tight text-slate-900">
          {formatRupees(plan.price)}
        </span>
        <span className="text-sm text-slate-600">{priceNote}</span>
      </p>
      <p className="mt-4 leading-relaxed text-slate-700">{plan.description}</p>
      {plan.features && plan.features.length > 0 && (
        <>
          <h4 className="sr-only">{copy.plans.includes}</h4>
          <ul className="mt-6 space-y-3 border-t border-slate-200 pt-6">
            {plan.features.map((f) => (
              <li key={f} className="flex gap-3 text-slate-700">
                <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <span>{f}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}
