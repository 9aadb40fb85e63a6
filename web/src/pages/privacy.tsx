import pages from '../../../content/pages.json';
import { PageBanner } from '../components/page-banner';
import { useDocumentTitle } from '../lib/meta';

export default function Page() {
  useDocumentTitle(pages['/privacy'].title);
  return <PageBanner title={pages['/privacy'].title} lead={pages['/privacy'].description} />;
}
