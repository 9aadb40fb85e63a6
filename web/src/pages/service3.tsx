import pages from '../../../content/pages.json';
import { PageBanner } from '../components/page-banner';
import { useDocumentTitle } from '../lib/meta';

export default function Page() {
  useDocumentTitle(pages['/service3'].title);
  return <PageBanner title={pages['/service3'].title} lead={pages['/service3'].description} />;
}
