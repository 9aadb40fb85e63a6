import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useState } from 'react';
import copy from '../../../../content/blog.json';
import { ArrowLeftIcon, ArrowRightIcon } from '../../components/icons';
import { REDUCED_MOTION } from '../../lib/breakpoints';
import { fill } from '../../lib/text';
import type { BlogPost } from '../../lib/types';
import { BlogCard } from './blog-card';
import { BLOG_EMBLA_DURATION, BLOG_SLIDES_TO_SCROLL } from './constants';

// The options type, without importing embla-carousel (a dependency of the hook's package) by name.
type EmblaOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>;

const options: EmblaOptions = {
  loop: true,
  align: 'start',
  slidesToScroll: BLOG_SLIDES_TO_SCROLL,
  duration: BLOG_EMBLA_DURATION,
  // Embla evaluates any media query here: jump instead of gliding.
  breakpoints: { [REDUCED_MOTION]: { duration: 0 } },
};

interface Position {
  snaps: number;
  selected: number;
  canPrev: boolean;
  canNext: boolean;
}

const idle: Position = { snaps: 0, selected: 0, canPrev: false, canNext: false };

/**
 * Blog posts in an endless carousel: three per view on wide screens, two
 * below 1024px, one below 768px; arrows everywhere, dots on medium screens.
 * The server renders the slides in place; Embla takes over in the browser.
 */
export function BlogCarousel({ posts }: { posts: BlogPost[] }) {
  const [viewportRef, api] = useEmblaCarousel(options);
  const [pos, setPos] = useState<Position>(idle);

  useEffect(() => {
    if (!api) return;
    const sync = () =>
      setPos({
        snaps: api.scrollSnapList().length,
        selected: api.selectedScrollSnap(),
        canPrev: api.canScrollPrev(),
        canNext: api.canScrollNext(),
      });
    sync();
    api.on('select', sync).on('reInit', sync);
    return () => {
      api.off('select', sync).off('reInit', sync);
    };
  }, [api]);

  const { carousel } = copy;
  const arrow =
    'flex size-11 items-center justify-center rounded-full bg-white text-brand-800 shadow-sm ring-1 ring-slate-300 transition-colors hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-white';

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
        <div className="hidden min-h-6 flex-wrap gap-1 md:flex lg:hidden">
          {pos.snaps > 1 &&
            Array.from({ length: pos.snaps }, (_, i) => (
              <button
                key={i}
                type="button"
                aria-label={fill(carousel.dotLabel, { index: i + 1 })}
                aria-current={i === pos.selected ? 'true' : undefined}
                onClick={() => api?.scrollTo(i)}
                className="group flex size-6 items-center justify-center rounded-full"
              >
                <span
                  className={`size-2.5 rounded-full transition-colors ${
                    i === pos.selected ? 'bg-brand-700' : 'bg-slate-400 group-hover:bg-slate-600'
                  }`}
                />
              </button>
            ))}
        </div>
        <div className="ml-auto flex gap-3">
          <button type="button" aria-label={carousel.previous} disabled={!pos.canPrev} onClick={() => api?.scrollPrev()} className={arrow}>
            <ArrowLeftIcon />
          </button>
          <button type="button" aria-label={carousel.next} disabled={!pos.canNext} onClick={() => api?.scrollNext()} className={arrow}>
            <ArrowRightIcon />
          </button>
        </div>
      </div>
    </div>
  );
}
