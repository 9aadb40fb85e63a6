import pages from '../../../content/pages.json';
import { PageBanner } from '../components/page-banner';
import { useDocumentTitle } from '../lib/meta';

export default function Page() {
  useDocumentTitle(pages['/technologies'].title);
  return <PageBanner title={pages['/technologies'].title} lead={pages['/technologies'].description} />;
}
