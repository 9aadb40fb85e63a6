import copy from '../../../../content/apply.json';
import { fill } from '../../lib/text';
import { formatBytes } from './form-state';
import type { Progress } from './submit-application';

/** How much of the application has gone out: a progress bar, the share and the bytes. */
export function UploadProgress({ progress }: { progress: Progress }) {
  const { loaded, total } = progress;
  const percent = total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
  const text = fill(copy.progressText, { percent, sent: formatBytes(loaded), total: formatBytes(total) });
  return (
    <div className="w-full">
      <label htmlFor="apply-progress" className="text-sm font-medium text-slate-900">
        {copy.progress}
      </label>
      <progress id="apply-progress" className="upload-progress mt-1 block h-3 w-full" max={100} value={percent} aria-valuetext={text}>
        {percent}%
      </progress>
      <p className="mt-1 text-sm text-slate-700" aria-live="polite">
        {text}
      </p>
    </div>
  );
}
