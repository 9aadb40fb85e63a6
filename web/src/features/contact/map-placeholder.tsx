/** A drawn street grid that stands in for the map until the visitor asks for it. */
export function MapPlaceholder() {
  return (
    <svg
      viewBox="0 0 600 360"
      width="600"
      height="360"
      aria-hidden="true"
      focusable="false"
      preserveAspectRatio="xMidYMid slice"
      className="block h-[360px] w-full bg-slate-100"
    >
      <rect width="600" height="360" fill="#eef2f7" />
      <path d="M0 250 C120 230 200 280 320 250 S520 200 600 220 V360 H0 Z" fill="#dbe6ff" />
      <g fill="none" stroke="#ffffff" strokeLinecap="round">
        <path d="M-10 90 H610 M-10 180 H610 M140 -10 V370 M330 -10 V370 M480 -10 V370" strokeWidth="14" />
        <path d="M-10 40 L250 300 M360 -10 L620 250" strokeWidth="9" />
        <path d="M60 -10 V370 M240 -10 V370 M410 -10 V370 M-10 135 H610 M-10 300 H610" strokeWidth="5" />
      </g>
      <g fill="#cfe3d1">
        <rect x="160" y="105" width="60" height="60" rx="6" />
        <rect x="500" y="20" width="80" height="55" rx="6" />
      </g>
      <g transform="translate(300 150)">
        <ellipse cx="0" cy="44" rx="18" ry="6" fill="#172e6e" opacity="0.2" />
        <path d="M0 44 C-6 30 -26 14 -26 -6 a26 26 0 0 1 52 0 C26 14 6 30 0 44 Z" fill="#c2410c" />
        <circle cx="0" cy="-6" r="9" fill="#fff" />
      </g>
    </svg>
  );
}
