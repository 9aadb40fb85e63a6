import { Icon } from '../../components/icons';

/** The icon of a service card, by the key content/services.json gives it. */
export function ServiceIcon({ name }: { name: string }) {
  const className = 'size-7';
  switch (name) {
    case 'software':
      return (
        <Icon className={className}>
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <path d="m9 10-2 2 2 2m6-4 2 2-2 2m-4 1 2-6" />
        </Icon>
      );
    case 'cloud':
      return (
        <Icon className={className}>
          <path d="M7 18a4 4 0 0 1-.5-8 6 6 0 0 1 11.3 1.2A3.5 3.5 0 0 1 17.5 18z" />
        </Icon>
      );
    default:
      return (
        <Icon className={className}>
          <circle cx="12" cy="12" r="9" />
          <path d="m15.5 8.5-2 5-5 2 2-5z" />
        </Icon>
      );
  }
}
