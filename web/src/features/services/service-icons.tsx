import type { ReactNode } from 'react';
import { Icon, type IconProps } from '../../components/icons';

// Icons of the service pages, by the keys the content files use. All are
// decorative: the text beside each one says what it means.

const paths: Record<string, ReactNode> = {
  target: (
    <>
      <circle cx="12" cy="12" r="8" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="12" cy="12" r="0.5" />
    </>
  ),
  scale: <path d="M4 20h16M6 16v-3m4 3V9m4 7v-5m4 5V5M4 9l5-5 3 3 5-4" />,
  puzzle: (
    <path d="M10 4a2 2 0 1 1 4 0v2h4v4h-2a2 2 0 1 0 0 4h2v4h-4v-2a2 2 0 1 0-4 0v2H6v-4h2a2 2 0 1 0 0-4H6V6h4z" />
  ),
  trophy: <path d="M8 4h8v5a4 4 0 0 1-8 0zm0 2H5a3 3 0 0 0 3 4m8-4h3a3 3 0 0 1-3 4m-4 3v4m-4 3h8m-6-3h4" />,
  server: (
    <>
      <rect x="4" y="4" width="16" height="6" rx="1.5" />
      <rect x="4" y="14" width="16" height="6" rx="1.5" />
      <path d="M8 7h.01M8 17h.01M12 7h4m-4 10h4" />
    </>
  ),
  layers: <path d="m12 4 8 4-8 4-8-4zm-8 8 8 4 8-4M4 16l8 4 8-4" />,
  window: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 9h18M7 7h.01M10 7h.01M7 13h6m-6 3h10" />
    </>
  ),
  migrate: <path d="M4 17h9a4 4 0 0 0 0-8h-.5A5.5 5.5 0 0 0 2 10.5M14 13l3 3-3 3m3-3h5" />,
  shield: <path d="M12 3 5 6v5c0 4.5 3 8.2 7 10 4-1.8 7-5.5 7-10V6zm-3 9 2 2 4-4" />,
  container: (
    <>
      <path d="m12 3 8 4.5v9L12 21l-8-4.5v-9z" />
      <path d="m4 7.5 8 4.5 8-4.5M12 12v9" />
    </>
  ),
  backup: <path d="M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4m4-1v5l3 2" />,
  savings: <path d="M12 3v18m4-14H10a2.5 2.5 0 0 0 0 5h4a2.5 2.5 0 0 1 0 5H7" />,
  globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.5 5.7 3.5 9s-1 6.3-3.5 9c-2.5-2.7-3.5-5.7-3.5-9S9.5 5.7 12 3z" />
    </>
  ),
  lock: (
    <>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3m-4 4v2" />
    </>
  ),
  refresh: <path d="M20 12a8 8 0 0 1-14.3 4.9M4 12A8 8 0 0 1 18.3 7.1M18 3v4h-4M6 21v-4h4" />,
  speed: <path d="M13 3 5 14h6l-1 7 8-11h-6z" />,
  map: <path d="m9 4-6 2.5v13L9 17l6 3 6-2.5v-13L15 7zm0 0v13m6-10v13" />,
  blueprint: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M3 10h6v10m0-6h12M15 4v6" />
    </>
  ),
  clipboard: (
    <>
      <rect x="5" y="4" width="14" height="17" rx="2" />
      <path d="M9 4V3h6v1M9 11l1.5 1.5L13 10m-4 6h6" />
    </>
  ),
  compare: <path d="M12 4v16M5 8l-3 6a3 3 0 0 0 6 0zm14 0-3 6a3 3 0 0 0 6 0zM5 8h14M8 20h8" />,
  cloud: <path d="M7 18h10a4 4 0 0 0 .5-8A6 6 0 0 0 6 9.5 4.3 4.3 0 0 0 7 18z" />,
  headset: <path d="M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H5a1 1 0 0 1-1-1zm16 0h-3v5h2a1 1 0 0 0 1-1zm0 4a3 3 0 0 1-3 3h-3" />,
};

/** The icon for a content key; a plain dot for an unknown key. */
export function ServiceIcon({ name, className = 'size-6' }: IconProps & { name: string }) {
  return <Icon className={className}>{paths[name] ?? <circle cx="12" cy="12" r="3" />}</Icon>;
}

export function CheckIcon(p: IconProps) {
  return (
    <Icon {...p}>
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </Icon>
  );
}

export function PauseIcon(p: IconProps) {
  return (
    <Icon {...p}>
      <path d="M9 5v14m6-14v14" />
    </Icon>
  );
}

export function PlayIcon(p: IconProps) {
  return (
    <Icon {...p}>
      <path d="M7 5v14l12-7z" />
    </Icon>
  );
}
