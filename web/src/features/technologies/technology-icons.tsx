import { Icon } from '../../components/icons';

/** The icon of a technology card, by the key content/technologies.json gives it. */
export function TechnologyIcon({ name }: { name: string }) {
  const className = 'size-7';
  switch (name) {
    case 'security':
      return (
        <Icon className={className}>
          <path d="M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6z" />
          <rect x="9" y="11" width="6" height="5" rx="1" />
          <path d="M10 11V9.5a2 2 0 0 1 4 0V11" />
        </Icon>
      );
    case 'analytics':
      return (
        <Icon className={className}>
          <path d="M4 20h16M7 16v-4m5 4V8m5 8v-6" />
          <path d="m5 9 4-3 4 2 6-4" />
        </Icon>
      );
    case 'web':
      return (
        <Icon className={className}>
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <path d="M3 9h18M6 6.5h.01M8.5 6.5h.01" />
          <path d="m10 13-2 2 2 2m4-4 2 2-2 2" />
        </Icon>
      );
    case 'apps':
      return (
        <Icon className={className}>
          <rect x="7" y="2.5" width="10" height="19" rx="2" />
          <path d="M11 18.5h2" />
          <rect x="9.5" y="6" width="2" height="2" rx=".5" />
          <rect x="12.5" y="6" width="2" height="2" rx=".5" />
          <rect x="9.5" y="10" width="2" height="2" rx=".5" />
          <rect x="12.5" y="10" width="2" height="2" rx=".5" />
        </Icon>
      );
    case 'cloud':
      return (
        <Icon className={className}>
          <path d="M7 18a4 4 0 0 1-.5-8 6 6 0 0 1 11.3 1.2A3.5 3.5 0 0 1 17.5 18z" />
          <path d="M12 12v4m-2-2 2-2 2 2" />
        </Icon>
      );
    default:
      return (
        <Icon className={className}>
          <circle cx="10.5" cy="10.5" r="6" />
          <path d="m15 15 5 5" />
          <path d="m8 12 2-2 1.5 1.5L14 9" />
        </Icon>
      );
  }
}
