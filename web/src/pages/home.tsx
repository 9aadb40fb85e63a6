import pages from '../../../content/pages.json';
import home from '../../../content/home.json';
import { BlogHighlights } from '../features/blog/blog-highlights';
import { AboutSection } from '../features/home/about-section';
import { Hero } from '../features/home/hero';
import { useDocumentTitle } from '../lib/meta';
import { useReveal } from '../lib/use-reveal';

export default function HomePage() {
  useDocumentTitle(pages['/'].title);
  const ref = useReveal<HTMLDivElement>();
  return (
    <div ref={ref}>
      <Hero />
      <AboutSection copy={home.about} />
      <BlogHighlights copy={home.blog} />
    </div>
  );
}
