import pages from '../../../content/pages.json';
import { PageBanner } from '../components/page-banner';
import { useDocumentTitle } from '../lib/meta';

export default function Page() {
  useDocumentTitle(pages['/terms'].title);
  return <PageBanner title={pages['/terms'].title} lead={pages['/terms'].description} />;
}
