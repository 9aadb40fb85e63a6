import pages from '../../../content/pages.json';
import copy from '../../../content/privacy.json';
import { PageBanner } from '../components/page-banner';
import { PrivacyPolicy } from '../features/legal/privacy-policy';
import { useDocumentTitle } from '../lib/meta';

export default function PrivacyPage() {
  const meta = pages['/privacy'];
  useDocumentTitle(meta.title);
  return (
    <>
      <PageBanner title={meta.title} lead={meta.description} eyebrow={copy.eyebrow} />
      <PrivacyPolicy />
    </>
  );
}
