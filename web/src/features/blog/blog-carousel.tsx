import copy from '../../../../content/blog.json';
import { CarouselArrow, CarouselDots } from '../../components/carousel/carousel-controls';
import { useCarousel } from '../../components/carousel/use-carousel';
import { fill } from '../../lib/text';
import type { BlogPost } from '../../lib/types';
import { BlogCard } from './blog-card';
import { BLOG_SCROLL_MS, BLOG_SLIDES_TO_SCROLL } from './constants';

const { carousel } = copy;
const dotLabel = (index: number) => fill(carousel.dotLabel, { index });

/**
 * Blog posts in an endless carousel: three per view on wide screens, two
 * below 1024px, one below 768px; arrows everywhere, dots on medium screens.
 */
export function BlogCarousel({ posts }: { posts: BlogPost[] }) {
  const { viewportRef, position, scrollTo, scrollPrev, scrollNext } = useCarousel({
    scrollMs: BLOG_SCROLL_MS,
    slidesToScroll: BLOG_SLIDES_TO_SCROLL,
  });

  return (
    <div role="group" aria-roledescription="carousel" aria-label={carousel.label}>
      <div ref={viewportRef} className="overflow-hidden">
        <div className="-ml-6 flex touch-pan-y py-1">
          {posts.map((post, i) => (
            <div
              key={post.id}
              role="group"
              aria-roledescription="slide"
              aria-label={fill(carousel.slideLabel, { index: i + 1, total: posts.length })}
              className="min-w-0 shrink-0 grow-0 basis-full pl-6 md:basis-1/2 lg:basis-1/3"
            >
              <BlogCard post={post} />
            </div>
          ))}
        </div>
      </div>
      <div className="mt-8 flex items-center gap-4">
        <CarouselDots
          count={position.snaps}
          selected={position.selected}
          label={dotLabel}
          onSelect={scrollTo}
          className="hidden md:flex lg:hidden"
        />
        <div className="ml-auto flex gap-3">
          <CarouselArrow direction="previous" label={carousel.previous} disabled={!position.canPrev} onClick={scrollPrev} />
          <CarouselArrow direction="next" label={carousel.next} disabled={!position.canNext} onClick={scrollNext} />
        </div>
      </div>
    </div>
  );
}
