import site from '../../../../content/site.json';
import { mailLink, type Placeholder } from '../../lib/html';
import { DEFAULT_RETENTION_DAYS } from './constants';

const { address } = site;

/** The {placeholders} the privacy policy and the terms may use. */
export const legalValues: Record<string, Placeholder> = {
  company: site.name,
  supportEmail: mailLink(site.supportEmail),
  address: `${address.street}, ${address.locality}, ${address.region} ${address.postalCode}, ${address.countryName}`,
  retentionDays: String(DEFAULT_RETENTION_DAYS),
};
