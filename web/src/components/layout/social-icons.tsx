import type { ComponentType } from 'react';

// Simple marks for the social networks the footer links to, drawn for this
// site from basic shapes. Decorative: each link carries its own text name.

const shared = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

function TwitterIcon({ className }: { className?: string }) {
  return (
    <svg {...shared} className={className}>
      <path d="M21 6.5c-.7.3-1.4.5-2.1.6.8-.5 1.3-1.2 1.6-2-.7.4-1.5.7-2.3.9A3.6 3.6 0 0 0 12 8.9 10.2 10.2 0 0 1 4.6 5.1a3.6 3.6 0 0 0 1.1 4.8c-.6 0-1.1-.2-1.6-.4 0 1.7 1.2 3.2 2.9 3.5-.5.2-1.1.2-1.6.1.5 1.4 1.8 2.5 3.4 2.5A7.3 7.3 0 0 1 3 17.1 10.3 10.3 0 0 0 18.8 8.4v-.5c.9-.4 1.6-1 2.2-1.4z" />
    </svg>
  );
}

function InstagramIcon({ className }: { className?: string }) {
  return (
    <svg {...shared} className={className}>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.2" cy="6.8" r=".6" fill="currentColor" />
    </svg>
  );
}

function FacebookIcon({ className }: { className?: string }) {
  return (
    <svg {...shared} className={className}>
      <path d="M14.5 21v-7.5h2.6l.4-3h-3V8.7c0-.9.3-1.5 1.6-1.5h1.6V4.5a21 21 0 0 0-2.4-.1c-2.4 0-4 1.4-4 4v2.1H8.6v3h2.7V21" />
    </svg>
  );
}

function LinkedInIcon({ className }: { className?: string }) {
  return (
    <svg {...shared} className={className}>
      <rect x="3.5" y="3.5" width="17" height="17" rx="2.5" />
      <path d="M8 10.5V16.5M8 7.6v.1M11.5 16.5v-6m0 2.6c0-1.6 1-2.8 2.5-2.8s2.3 1 2.3 2.7v3.5" />
    </svg>
  );
}

const icons: Record<string, ComponentType<{ className?: string }>> = {
  Twitter: TwitterIcon,
  Instagram: InstagramIcon,
  Facebook: FacebookIcon,
  LinkedIn: LinkedInIcon,
};

/** The icon for a network by its name in site.json; a plain dot for unknown names. */
export function SocialIcon({ name, className }: { name: string; className?: string }) {
  const Found = icons[name];
  if (Found) return <Found className={className} />;
  return (
    <svg {...shared} className={className}>
      <circle cx="12" cy="12" r="8" />
    </svg>
  );
}
