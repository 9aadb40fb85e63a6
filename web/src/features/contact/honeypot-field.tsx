/**
 * A field people never see or reach with Tab; form-filling robots fill it
 * in. The server keeps messages that arrive with it filled aside as spam.
 */
export function HoneypotField({ label, value, onChange }: { label: string; value: string; onChange(v: string): void }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
      <label htmlFor="contact-website">{label}</label>
      <input
        id="contact-website"
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        aria-hidden="true"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
