// Two versions of a job or a post compared field by field: the fields
// that differ list their lines, each marked as in both or only in one
// version (in words as well as colour), and the unchanged fields are named.
import { diffLines, fieldDiffers, fieldLines, type CompareField } from './diff';

interface Props {
  /** The versions' names as the marks say them: "Yours", "Version 3". */
  fromName: string;
  toName: string;
  from: readonly CompareField[];
  to: readonly CompareField[];
  /** The heading level of each field's name. */
  level?: 3 | 4;
}

export function CompareVersions({ fromName, toName, from, to, level = 3 }: Props) {
  const Heading = level === 3 ? 'h3' : 'h4';
  const same: string[] = [];
  const changed = from.flatMap((f, i) => {
    const t = to[i];
    if (!t || !fieldDiffers(f, t)) {
      same.push(f.label);
      return [];
    }
    return [{ label: f.label, lines: diffLines(fieldLines(f), fieldLines(t)) }];
  });
  return (
    <div className="space-y-3 text-sm">
      <p className="text-slate-700">
        Lines only in {fromName} are marked <span className="rounded bg-red-50 px-1 text-red-900 line-through">{fromName}</span>, lines only in {toName}{' '}
        <span className="rounded bg-green-50 px-1 text-green-900 underline">{toName}</span>.
      </p>
      {changed.length === 0 && <p>The two versions are the same.</p>}
      {changed.map((c) => (
        <section key={c.label}>
          <Heading className="font-semibold text-slate-900">{c.label}</Heading>
          <ul className="mt-1 space-y-0.5 rounded-md border border-slate-300 p-2">
            {c.lines.map((l, i) => (
              <li key={i} className={l.kind === 'from' ? 'bg-red-50 text-red-900' : l.kind === 'to' ? 'bg-green-50 text-green-900' : 'text-slate-700'}>
                {l.kind === 'same' ? (
                  <span>
                    <span className="sr-only">In both: </span>
                    {l.text}
                  </span>
                ) : l.kind === 'from' ? (
                  <del>
                    <strong className="font-semibold no-underline">Only in {fromName}: </strong>
                    {l.text || '(empty)'}
                  </del>
                ) : (
                  <ins>
                    <strong className="font-semibold">Only in {toName}: </strong>
                    {l.text || '(empty)'}
                  </ins>
                )}
              </li>
            ))}
            {c.lines.length === 0 && <li className="text-slate-600">(empty in both)</li>}
          </ul>
        </section>
      ))}
      {same.length > 0 && changed.length > 0 && <p className="text-slate-700">Unchanged: {same.join(', ')}.</p>}
    </div>
  );
}
