import copy from '../../../../content/blog.json';
import { Carousel } from '../../components/carousel/carousel';
import type { BlogSummary } from '../../gen/wire';
import { BlogCard } from './blog-card';
import { BLOG_SCROLL_MS, BLOG_SLIDES_TO_SCROLL } from './constants';

/**
 * Blog posts in an endless carousel: three per view on wide screens, two
 * below 1024px, one below 768px; arrows everywhere, dots on medium screens.
 */
export function BlogCarousel({ posts }: { posts: readonly BlogSummary[] }) {
  return (
    <Carousel
      items={posts}
      getKey={(post) => post.id}
      renderItem={(post) => <BlogCard post={post} />}
      copy={copy.carousel}
      slideBasis="basis-full md:basis-1/2 lg:basis-1/3"
      dotsClassName="hidden md:flex lg:hidden"
      scrollMs={BLOG_SCROLL_MS}
      slidesToScroll={BLOG_SLIDES_TO_SCROLL}
    />
  );
}
