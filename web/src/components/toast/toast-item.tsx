import { useEffect, useRef, useState } from 'react';
import { CloseIcon, Icon } from '../icons';
import { TOAST_DURATION_MS, TOAST_MAX_WIDTH_PX, TOAST_REMOVE_DELAY_MS } from './constants';
import type { ToastTone } from './toast-context';

export interface ToastData {
  id: number;
  message: string;
  tone: ToastTone;
  /** False once dismissed: the toast animates out, then leaves the DOM. */
  open: boolean;
}

interface Props {
  toast: ToastData;
  onDismiss(id: number): void;
  onRemove(id: number): void;
  dismissLabel: string;
}

const toneStyles: Record<ToastTone, { box: string; icon: string }> = {
  success: { box: 'border-l-green-700', icon: 'text-green-700' },
  error: { box: 'border-l-red-700', icon: 'text-red-700' },
  info: { box: 'border-l-brand-700', icon: 'text-brand-700' },
};

/**
 * One toast. It closes itself after TOAST_DURATION_MS on screen; the
 * countdown pauses while a mouse (or pen) rests over it or focus is inside
 * it. A touch never pauses it: after a tap, browsers leave an emulated
 * mouse "over" what was tapped, with no mouseleave until the next tap
 * elsewhere, so a mouseenter-based pause could last for ever on a phone.
 */
export function ToastItem({ toast, onDismiss, onRemove, dismissLabel }: Props) {
  const { id, open, tone } = toast;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remaining = useRef(TOAST_DURATION_MS);
  const paused = hovered || focused;

  useEffect(() => {
    if (!open || paused) return;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(id), Math.max(0, remaining.current));
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [id, open, paused, onDismiss]);

  useEffect(() => {
    if (open) return;
    const timer = setTimeout(() => onRemove(id), TOAST_REMOVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [id, open, onRemove]);

  const style = toneStyles[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-state={open ? 'open' : 'closed'}
      inert={!open}
      style={{ maxWidth: `${TOAST_MAX_WIDTH_PX}px` }}
      onPointerEnter={(e) => {
        if (e.pointerType !== 'touch') setHovered(true);
      }}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDismiss(id);
      }}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border border-l-4 border-slate-200 bg-white py-3 pr-2 pl-3 text-slate-900 shadow-lg transition duration-200 ease-out motion-reduce:transition-none starting:translate-y-2 starting:opacity-0 data-[state=closed]:translate-x-4 data-[state=closed]:opacity-0 ${style.box}`}
    >
      <ToneIcon tone={tone} className={`mt-0.5 size-5 shrink-0 ${style.icon}`} />
      <p className="min-w-0 flex-1 py-px text-sm font-medium break-words">{toast.message}</p>
      <button
        type="button"
        onClick={() => onDismiss(id)}
        className="-my-1 flex size-8 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <CloseIcon className="size-4" />
        <span className="sr-only">{dismissLabel}</span>
      </button>
    </div>
  );
}

function ToneIcon({ tone, className }: { tone: ToastTone; className: string }) {
  if (tone === 'success') {
    return (
      <Icon className={className}>
        <circle cx="12" cy="12" r="9" />
        <path d="m8 12.5 2.5 2.5L16 9.5" />
      </Icon>
    );
  }
  if (tone === 'error') {
    return (
      <Icon className={className}>
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7.5v5.5M12 16.5v.01" />
      </Icon>
    );
  }
  return (
    <Icon className={className}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5.5M12 7.5v.01" />
    </Icon>
  );
}
