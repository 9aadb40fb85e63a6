import type { ReactNode } from 'react';

// Abstract office illustrations, drawn for this site. Each scene is one
// SVG on a 400 × 250 canvas in the brand palette.

const W = 400;
const H = 250;

function Frame({ alt, sky, children }: { alt: string; sky: string; children: ReactNode }) {
  return (
    <svg role="img" aria-label={alt} viewBox={`0 0 ${W} ${H}`} width={W} height={H} className="block h-auto w-full">
      <rect width={W} height={H} fill={sky} />
      {children}
    </svg>
  );
}

function Workspace() {
  return (
    <>
      {/* windows */}
      {[30, 150, 270].map((x) => (
        <g key={x}>
          <rect x={x} y="24" width="100" height="110" rx="4" fill="#bfd2ff" />
          <path d={`M${x + 50} 24v110M${x} 79h100`} stroke="#eef4ff" strokeWidth="4" />
        </g>
      ))}
      <rect y="170" width={W} height="80" fill="#dbe6ff" />
      {/* desks with monitors */}
      {[40, 160, 280].map((x, i) => (
        <g key={x}>
          <rect x={x} y="150" width="90" height="8" rx="2" fill="#172e6e" />
          <path d={`M${x + 8} 158v40M${x + 82} 158v40`} stroke="#172e6e" strokeWidth="5" />
          <rect x={x + 22} y="114" width="46" height="30" rx="3" fill="#1f43b5" />
          <rect x={x + 26} y="118" width="38" height="22" rx="1" fill={i === 1 ? '#fde2cf' : '#eef4ff'} />
          <path d={`M${x + 45} 144v6`} stroke="#172e6e" strokeWidth="4" />
          <circle cx={x + 45} cy="184" r="11" fill={i === 2 ? '#c2410c' : '#3d6bf0'} />
          <rect x={x + 33} y="194" width="24" height="26" rx="8" fill={i === 2 ? '#c2410c' : '#3d6bf0'} />
        </g>
      ))}
      {/* plant */}
      <rect x="366" y="196" width="22" height="26" rx="3" fill="#9a3412" />
      <path d="M377 196c-14-12-14-30-4-38m4 38c4-16 14-26 18-28m-18 28c-2-18-10-24-16-24" stroke="#2f7d4a" strokeWidth="5" fill="none" strokeLinecap="round" />
    </>
  );
}

function Meeting() {
  return (
    <>
      <rect y="180" width={W} height="70" fill="#e2e8f0" />
      {/* whiteboard */}
      <rect x="70" y="26" width="260" height="112" rx="6" fill="#ffffff" stroke="#94a3b8" strokeWidth="3" />
      <path d="M94 112l36-34 30 22 40-44 30 28" stroke="#1f43b5" strokeWidth="5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="250" y="50" width="56" height="14" rx="3" fill="#fde2cf" />
      <rect x="250" y="74" width="40" height="14" rx="3" fill="#dbe6ff" />
      <rect x="250" y="98" width="48" height="14" rx="3" fill="#fde2cf" />
      {/* table and chairs */}
      <ellipse cx="200" cy="196" rx="120" ry="22" fill="#172e6e" />
      <path d="M200 214v26" stroke="#172e6e" strokeWidth="8" />
      {[90, 150, 250, 310].map((x, i) => (
        <g key={x}>
          <rect x={x - 16} y="150" width="32" height="34" rx="10" fill={i % 2 ? '#3d6bf0' : '#c2410c'} />
        </g>
      ))}
      <rect x="176" y="182" width="20" height="4" rx="2" fill="#eef4ff" />
      <circle cx="232" cy="184" r="5" fill="#eef4ff" />
    </>
  );
}

function Cafe() {
  return (
    <>
      <rect y="190" width={W} height="60" fill="#fde2cf" />
      {/* pendant lamps */}
      {[90, 200, 310].map((x) => (
        <g key={x}>
          <path d={`M${x} 0v44`} stroke="#172e6e" strokeWidth="3" />
          <path d={`M${x - 22} 66a22 22 0 0 1 44 0z`} fill="#c2410c" />
          <circle cx={x} cy="74" r="10" fill="#fff5e8" opacity="0.9" />
        </g>
      ))}
      {/* shelf with cups */}
      <rect x="40" y="104" width="320" height="6" rx="2" fill="#9a3412" />
      {[70, 120, 170, 230, 280, 330].map((x, i) => (
        <g key={x}>
          <rect x={x - 10} y="86" width="20" height="18" rx="3" fill={i % 2 ? '#3d6bf0' : '#ffffff'} stroke="#172e6e" strokeWidth="2" />
        </g>
      ))}
      {/* counter */}
      <rect x="30" y="136" width="340" height="18" rx="4" fill="#172e6e" />
      <rect x="44" y="154" width="312" height="44" fill="#1f43b5" />
      <path d="M44 176h312" stroke="#3d6bf0" strokeWidth="3" />
      {/* coffee machine and cups on counter */}
      <rect x="270" y="100" width="48" height="36" rx="4" fill="#334155" />
      <circle cx="294" cy="116" r="6" fill="#fde2cf" />
      <rect x="120" y="124" width="14" height="12" rx="2" fill="#ffffff" />
      <rect x="150" y="124" width="14" height="12" rx="2" fill="#ffffff" />
      {/* stools */}
      {[110, 200, 290].map((x) => (
        <g key={x}>
          <ellipse cx={x} cy="206" rx="18" ry="6" fill="#c2410c" />
          <path d={`M${x} 212v30`} stroke="#334155" strokeWidth="5" />
        </g>
      ))}
    </>
  );
}

function Terrace() {
  return (
    <>
      <defs>
        <linearGradient id="office-terrace-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1c3890" />
          <stop offset="1" stopColor="#fdba74" />
        </linearGradient>
      </defs>
      <rect width={W} height={H} fill="url(#office-terrace-sky)" />
      <circle cx="300" cy="120" r="26" fill="#fff5e8" opacity="0.9" />
      {/* skyline */}
      <path
        d="M0 170V120h30V96h26v74h20V80h34v90h16v-60h30v60h24V70l20-14 20 14v100h18v-48h36v48h22V100h28v70h26v-40h22v40h18v80H0z"
        fill="#172e6e"
      />
      {[[40, 104], [92, 92], [92, 116], [196, 84], [196, 108], [296, 112], [340, 140]].map(([x, y]) => (
        <rect key={`${x}-${y}`} x={x} y={y} width="8" height="8" fill="#fde2cf" />
      ))}
      {/* terrace floor, railing, bench, plants */}
      <rect y="196" width={W} height="54" fill="#9a3412" />
      <path d="M0 176h400M0 196h400" stroke="#e2e8f0" strokeWidth="4" />
      {Array.from({ length: 21 }, (_, i) => (
        <path key={i} d={`M${i * 20} 176v20`} stroke="#e2e8f0" strokeWidth="3" />
      ))}
      <rect x="130" y="212" width="140" height="10" rx="3" fill="#fde2cf" />
      <path d="M142 222v20M258 222v20" stroke="#fde2cf" strokeWidth="6" />
      {[40, 350].map((x) => (
        <g key={x}>
          <rect x={x - 14} y="214" width="28" height="28" rx="4" fill="#334155" />
          <circle cx={x} cy="200" r="20" fill="#2f7d4a" />
          <circle cx={x - 10} cy="192" r="10" fill="#3f9b5f" />
        </g>
      ))}
    </>
  );
}

const scenes: Record<string, { sky: string; draw: () => ReactNode }> = {
  workspace: { sky: '#eef4ff', draw: Workspace },
  meeting: { sky: '#f8fafc', draw: Meeting },
  cafe: { sky: '#fff7ed', draw: Cafe },
  terrace: { sky: '#1c3890', draw: Terrace },
};

/** The illustration of one office scene, described by alt. */
export function OfficeScene({ scene, alt }: { scene: string; alt: string }) {
  const s = scenes[scene] ?? scenes.workspace!;
  return (
    <Frame alt={alt} sky={s.sky}>
      {s.draw()}
    </Frame>
  );
}
