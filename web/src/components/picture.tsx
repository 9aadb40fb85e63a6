import type { ImageSource } from '../gen/wire';

interface Props {
  /** The image every browser can show (a JPEG, or a one-format picture such as an SVG). */
  src: string;
  /** src's sizes with width descriptors ("" or absent for one size). */
  srcSet?: string;
  /** The same picture in smaller formats, best first; the browser takes the first it can show. */
  sources?: readonly ImageSource[];
  /** The width the image is shown at, for choosing from width descriptors; used only when srcSet has them. */
  sizes: string;
  alt: string;
  /** The intrinsic size, or any of the same aspect ratio: the space is kept before the image loads. */
  width: number;
  height: number;
  /** Load when scrolled near: only for images below the first screenful, never for the largest paint. */
  lazy?: boolean;
  /** Ask for it before other images: for the image that is likely the largest paint. */
  priority?: boolean;
  className?: string;
}

/**
 * An image with its smaller formats: a <picture> whose <source> elements
 * offer each format in every size, around the <img> that carries the size,
 * text and loading hints (and is what a browser without those formats shows).
 * Without sources it is the <img> alone.
 */
export function Picture({ src, srcSet, sources = [], sizes, alt, width, height, lazy, priority, className }: Props) {
  const sized = srcSet ? sizes : undefined;
  const img = (
    <img
      src={src}
      srcSet={srcSet || undefined}
      sizes={sized}
      alt={alt}
      width={width}
      height={height}
      loading={lazy ? 'lazy' : undefined}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
  if (sources.length === 0) {
    return img;
  }
  return (
    <picture className="block">
      {sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes={sized} />
      ))}
      {img}
    </picture>
  );
}
