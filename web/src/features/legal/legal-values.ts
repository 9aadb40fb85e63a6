import site from '../../../../content/site.json';
import { mailLink, type Placeholder } from '../../lib/html';

const { address } = site;

/** The {placeholders} the privacy policy and the terms may use (the privacy policy adds the configured retention period). */
export const legalValues: Record<string, Placeholder> = {
  company: site.name,
  supportEmail: mailLink(site.supportEmail),
  address: `${address.street}, ${address.locality}, ${address.region} ${address.postalCode}, ${address.countryName}`,
};
