import { ArrowLeftIcon, ArrowRightIcon } from '../icons';

interface ArrowProps {
  direction: 'previous' | 'next';
  /** The button's accessible name, e.g. "Next post". */
  label: string;
  disabled: boolean;
  onClick: () => void;
}

/** A round previous/next button of a carousel. */
export function CarouselArrow({ direction, label, disabled, onClick }: ArrowProps) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="flex size-11 items-center justify-center rounded-full bg-white text-brand-800 shadow-sm ring-1 ring-slate-300 transition-colors hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-white"
    >
      {direction === 'previous' ? <ArrowLeftIcon /> : <ArrowRightIcon />}
    </button>
  );
}

interface DotsProps {
  count: number;
  selected: number;
  /** The accessible name of dot `index` (counted from 1). */
  label: (index: number) => string;
  onSelect: (index: number) => void;
  /** Layout and visibility of the row. */
  className?: string;
}

/**
 * One button per scroll position; the current one has aria-current. Shows
 * nothing for a single position. The row keeps its height while empty (on
 * the server, before the carousel starts) so nothing jumps.
 */
export function CarouselDots({ count, selected, label, onSelect, className = 'flex' }: DotsProps) {
  return (
    <div className={`min-h-6 flex-wrap gap-1 ${className}`}>
      {count > 1 &&
        Array.from({ length: count }, (_, i) => (
          <button
            key={i}
            type="button"
            aria-label={label(i + 1)}
            aria-current={i === selected ? 'true' : undefined}
            onClick={() => onSelect(i)}
            className="group flex size-6 items-center justify-center rounded-full"
          >
            <span
              className={`size-2.5 rounded-full transition-colors ${
                i === selected ? 'bg-brand-700' : 'bg-slate-500 group-hover:bg-slate-700'
              }`}
            />
          </button>
        ))}
    </div>
  );
}
