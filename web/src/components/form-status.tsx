import type { SubmitStatus } from '../lib/use-submit-form';

/**
 * What a small form says after sending: the status line (accepted) and the
 * alert line (failed). Both live regions stay in the DOM, empty until
 * needed, so screen readers hear what appears in them.
 */
export function FormStatus({ status, doneClassName }: { status: SubmitStatus; doneClassName: string }) {
  return (
    <div className="min-w-0 font-semibold">
      <p role="status" className={doneClassName}>
        {status.kind === 'done' ? status.message : null}
      </p>
      <p role="alert" className="text-red-700">
        {status.kind === 'failed' ? status.message : null}
      </p>
    </div>
  );
}
