import pages from '../../../content/pages.json';
import { PageBanner } from '../components/page-banner';
import { useDocumentTitle } from '../lib/meta';

export default function Page() {
  useDocumentTitle(pages['/contact-us'].title);
  return <PageBanner title={pages['/contact-us'].title} lead={pages['/contact-us'].description} />;
}
