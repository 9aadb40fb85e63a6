/**
 * The services illustration, drawn for this site: a software window, a
 * cloud, a report and a compass joined to one hub. Its label comes from content.
 */
export function ServicesArt({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 480 400" width="480" height="400" role="img" aria-label={label} className="h-auto w-full">
      <rect width="480" height="400" rx="32" fill="#eef4ff" />
      <circle cx="420" cy="300" r="44" fill="#dbe6ff" />
      <circle cx="78" cy="316" r="52" fill="#dbe6ff" />
      <circle cx="430" cy="44" r="16" fill="#bfd2ff" />
      <g stroke="#3d6bf0" strokeWidth="4" strokeLinecap="round" strokeDasharray="2 12">
        <path d="M240 210 150 150M240 210l100-50M240 210v76M240 210l88 56" />
      </g>
      {/* Software window */}
      <rect x="52" y="58" width="176" height="124" rx="14" fill="#fff" stroke="#bfd2ff" strokeWidth="3" />
      <path d="M52 72a14 14 0 0 1 14-14h148a14 14 0 0 1 14 14v12H52z" fill="#1f43b5" />
      <g fill="#bfd2ff">
        <circle cx="70" cy="71" r="4" />
        <circle cx="84" cy="71" r="4" />
        <circle cx="98" cy="71" r="4" />
      </g>
      <g fill="none" stroke="#1f43b5" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round">
        <path d="m112 114-18 18 18 18M168 114l18 18-18 18" />
      </g>
      <path d="m148 108-16 48" stroke="#c2410c" strokeWidth="6" strokeLinecap="round" />
      {/* Cloud */}
      <path d="M300 168a30 30 0 0 1 4-60 44 44 0 0 1 84-8 34 34 0 0 1 14 68z" fill="#1f43b5" />
      <path d="M336 140h40M336 124h26" stroke="#bfd2ff" strokeWidth="6" strokeLinecap="round" />
      {/* Report */}
      <rect x="318" y="250" width="112" height="84" rx="12" fill="#fff" stroke="#bfd2ff" strokeWidth="3" />
      <g stroke="#3d6bf0" strokeWidth="10" strokeLinecap="round">
        <path d="M344 312v-18M368 312v-34M392 312v-24" />
      </g>
      <path d="M404 312v-42" stroke="#c2410c" strokeWidth="10" strokeLinecap="round" />
      {/* Compass */}
      <circle cx="240" cy="330" r="46" fill="#fff" stroke="#bfd2ff" strokeWidth="3" />
      <path d="m262 308-14 30-30 14 14-30z" fill="#3d6bf0" />
      <circle cx="240" cy="330" r="5" fill="#fff" />
      {/* Hub */}
      <circle cx="240" cy="210" r="30" fill="#172e6e" />
      <circle cx="240" cy="210" r="12" fill="#fff" />
    </svg>
  );
}
