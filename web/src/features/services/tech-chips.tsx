/** Technology names as chips, in the order given. */
export function TechChips({ label, items }: { label: string; items: readonly string[] }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-3" data-reveal="fade-in-up">
      {items.map((name) => (
        <li
          key={name}
          className="rounded-full bg-white px-4 py-2 text-sm font-semibold text-brand-800 shadow-sm ring-1 ring-brand-200"
        >
          {name}
        </li>
      ))}
    </ul>
  );
}
