// Logo marks of the fictional technology partners, drawn for this site.
// Decorative: each slide shows the partner's name as text beside its mark.

import type { ReactNode } from 'react';

const size = { width: 48, height: 48, viewBox: '0 0 48 48' } as const;

function Mark({ children }: { children: ReactNode }) {
  return (
    <svg {...size} aria-hidden="true" focusable="false" className="size-12 shrink-0">
      {children}
    </svg>
  );
}

/** The mark of a partner, by the key content/technologies.json gives it. */
export function VendorMark({ mark }: { mark: string }) {
  switch (mark) {
    case 'tessellate':
      // Three rhombi tiling a hexagon.
      return (
        <Mark>
          <path d="M24 4 41 14 24 24 7 14z" fill="#0f766e" />
          <path d="M7 14 24 24v20L7 34z" fill="#14b8a6" />
          <path d="M41 14 24 24v20l17-10z" fill="#5eead4" />
        </Mark>
      );
    case 'orbitra':
      // A planet, its orbit and a moon.
      return (
        <Mark>
          <ellipse cx="24" cy="24" rx="21" ry="9" fill="none" stroke="#a78bfa" strokeWidth="3" transform="rotate(-25 24 24)" />
          <circle cx="24" cy="24" r="10" fill="#6d28d9" />
          <circle cx="41" cy="15" r="4" fill="#7c3aed" />
        </Mark>
      );
    case 'quillstack':
      // Three slanted, stacked bars.
      return (
        <Mark>
          <path d="M12 8h28l-4 8H8z" fill="#b45309" />
          <path d="M10 20h28l-4 8H6z" fill="#d97706" />
          <path d="M8 32h28l-4 8H4z" fill="#f59e0b" />
        </Mark>
      );
    case 'brightloom':
      // Two woven loops over a warm dot.
      return (
        <Mark>
          <circle cx="24" cy="24" r="7" fill="#f43f5e" />
          <path d="M6 24c6-12 12-12 18 0s12 12 18 0" fill="none" stroke="#be123c" strokeWidth="4" strokeLinecap="round" />
          <path d="M6 24c6 12 12 12 18 0s12-12 18 0" fill="none" stroke="#fb7185" strokeWidth="4" strokeLinecap="round" />
        </Mark>
      );
    default:
      // Cobaltix: a rounded tile crossed by two bars.
      return (
        <Mark>
          <rect x="4" y="4" width="40" height="40" rx="10" fill="#1e40af" />
          <path d="m15 15 18 18M33 15 15 33" stroke="#93c5fd" strokeWidth="6" strokeLinecap="round" />
          <circle cx="24" cy="24" r="3.5" fill="#fff" />
        </Mark>
      );
  }
}
