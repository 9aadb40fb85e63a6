interface Props {
  /** The input's id and name: a name robots like to fill ("website", "homepage"). */
  id: string;
  name: string;
  label: string;
  value: string;
  onChange(v: string): void;
}

/**
 * A field people never see or reach with Tab; form-filling robots fill it
 * in. The server keeps submissions that arrive with it filled aside as spam.
 */
export function HoneypotField({ id, name, label, value, onChange }: Props) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
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
