import type { ReactNode } from 'react';

// Tiny stroke icons on a 24-pixel grid. They are decorative: the control
// that holds one always has a text name of its own.

export interface IconProps {
  className?: string;
}

/** A 24-pixel stroke icon around the given paths. */
export function Icon({ className = 'size-5', children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {children}
    </svg>
  );
}

export function ChevronDownIcon(p: IconProps) {
  return (
    <Icon {...p}>
      <path d="m6 9 6 6 6-6" />
    </Icon>
  );
}

export function ArrowLeftIcon(p: IconProps) {
  return (
    <Icon {...p}>
      <path d="M19 12H5m6-6-6 6 6 6" />
    </Icon>
  );
}

export function ArrowRightIcon(p: IconProps) {
  return (
    <Icon {...p}>
      <path d="M5 12h14m-6-6 6 6-6 6" />
    </Icon>
  );
}

export function MenuIcon(p: IconProps) {
  return (
    <Icon {...p}>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </Icon>
  );
}

export function CloseIcon(p: IconProps) {
  return (
    <Icon {...p}>
      <path d="M6 6l12 12M18 6 6 18" />
    </Icon>
  );
}

export function MapPinIcon(p: IconProps) {
  return (
    <Icon {...p}>
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </Icon>
  );
}

export function PhoneIcon(p: IconProps) {
  return (
    <Icon {...p}>
      <path d="M5 3h3.5l1.8 4.5-2.3 1.4a11 11 0 0 0 5.1 5.1l1.4-2.3L19 13.5V17a2 2 0 0 1-2 2A15 15 0 0 1 3 5a2 2 0 0 1 2-2z" />
    </Icon>
  );
}

export function MailIcon(p: IconProps) {
  return (
    <Icon {...p}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m4 7 8 6 8-6" />
    </Icon>
  );
}

/** A feed: a dot and two widening arcs. */
export function FeedIcon(p: IconProps) {
  return (
    <Icon {...p}>
      <path d="M5 11a8 8 0 0 1 8 8M5 4a15 15 0 0 1 15 15" />
      <circle cx="6" cy="18" r="1.5" />
    </Icon>
  );
}

/** Sharing: three joined points. */
export function ShareIcon(p: IconProps) {
  return (
    <Icon {...p}>
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="m8.2 10.8 7.6-4.4m-7.6 6.8 7.6 4.4" />
    </Icon>
  );
}
