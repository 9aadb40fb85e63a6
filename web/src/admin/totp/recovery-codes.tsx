// The recovery codes, shown once after two-step sign-in is turned on. The
// member copies or downloads them and says so before going on.
import { useState } from 'react';
import { copyText, downloadText } from '../ui/copy';
import { heading1, primaryButton, secondaryButton } from '../ui/styles';

interface Props {
  codes: string[];
  onContinue: () => void;
  /** What happened, said before the codes (by default: two-step sign-in was turned on). */
  intro?: string;
}

const TURNED_ON = 'Two-step sign-in is on. If you lose your phone, sign in with one of these codes instead of the code from the app.';

export const RECOVERY_FILE = 'staff-console-recovery-codes.txt';

export function RecoveryCodesScreen({ codes, onContinue, intro = TURNED_ON }: Props) {
  const [saved, setSaved] = useState(false);
  const [status, setStatus] = useState('');
  const text = `Staff console recovery codes (each works once):\n\n${codes.join('\n')}\n`;

  async function copy() {
    setStatus((await copyText(text)) ? 'Codes copied.' : 'Could not copy. Select the codes and copy them, or download them.');
  }

  return (
    <div className="max-w-xl space-y-6">
      <h1 className={heading1} tabIndex={-1}>
        Save your recovery codes
      </h1>
      <p className="text-sm text-slate-700">
        {intro} Each code works once. Keep them somewhere safe: they are shown only now.
      </p>
      <ul className="grid grid-cols-2 gap-2 rounded-md border border-slate-300 bg-white p-4 font-mono text-base" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={secondaryButton} onClick={copy}>
          Copy codes
        </button>
        <button type="button" className={secondaryButton} onClick={() => downloadText(RECOVERY_FILE, text)}>
          Download codes
        </button>
      </div>
      <p role="status" className="text-sm text-slate-700">
        {status}
      </p>
      <div className="flex items-center gap-2">
        <input id="codes-saved" type="checkbox" className="h-4 w-4" checked={saved} onChange={(e) => setSaved(e.target.checked)} />
        <label htmlFor="codes-saved" className="text-sm text-slate-800">
          I have saved these codes
        </label>
      </div>
      <button type="button" className={primaryButton} disabled={!saved} onClick={onContinue}>
        Continue
      </button>
    </div>
  );
}
