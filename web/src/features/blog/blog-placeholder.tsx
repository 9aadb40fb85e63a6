/**
 * Stands in for a post without an image: a page and a cloud on the brand
 * tint, at the 16:9 size a cover image takes. Decorative.
 */
export function BlogPlaceholder({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 640 360"
      width="640"
      height="360"
      aria-hidden="true"
      focusable="false"
      data-testid="blog-placeholder"
      className={className}
    >
      <rect width="640" height="360" fill="#eef4ff" />
      <circle cx="520" cy="70" r="120" fill="#dbe6ff" />
      <circle cx="90" cy="330" r="110" fill="#dbe6ff" />
      <rect x="230" y="80" width="180" height="210" rx="14" fill="#fff" stroke="#bfd2ff" strokeWidth="4" />
      <g stroke="#bfd2ff" strokeWidth="10" strokeLinecap="round">
        <path d="M262 130h116M262 160h116M262 190h80" />
      </g>
      <path d="M262 230h60" stroke="#3d6bf0" strokeWidth="10" strokeLinecap="round" />
      <path
        d="M396 286a26 26 0 0 1 4-52 38 38 0 0 1 72-8 28 28 0 0 1 10 60z"
        fill="#1f43b5"
      />
    </svg>
  );
}
