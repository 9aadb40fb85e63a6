import faq from '../../../content/faq.json';
import pages from '../../../content/pages.json';
import { PageBanner } from '../components/page-banner';
import { FaqBrowser } from '../features/faq/faq-browser';
import { useDocumentTitle } from '../lib/meta';

export default function MorePage() {
  const meta = pages['/more'];
  useDocumentTitle(meta.title);
  return (
    <>
      <PageBanner title={meta.title} lead={meta.description} eyebrow={faq.eyebrow} />
      <FaqBrowser />
    </>
  );
}
