export interface Step {
  title: string;
  text: string;
}

/**
 * The development process as a numbered list, in order: a row of five on
 * wide screens, a vertical track on phones.
 */
export function ProcessSteps({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="grid gap-8 md:grid-cols-2 lg:grid-cols-5 lg:gap-6">
      {steps.map((step, i) => (
        <li key={step.title} data-reveal="fade-in-up" className="relative flex gap-4 lg:flex-col">
          <span
            aria-hidden="true"
            className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
          >
            {i + 1}
          </span>
          <div>
            <h3 className="text-lg font-semibold text-slate-900">{step.title}</h3>
            <p className="mt-2 leading-relaxed text-slate-700">{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
