/**
 * The hero illustration, drawn for this site: an application window on a
 * cloud, linked to a grove of service nodes. Decorative.
 */
export function HeroArt() {
  return (
    <svg viewBox="0 0 480 400" aria-hidden="true" focusable="false" className="h-auto w-full" width="480" height="400">
      <circle cx="250" cy="200" r="170" fill="#1c3890" />
      <circle cx="250" cy="200" r="120" fill="#1f43b5" opacity=".6" />
      <path
        d="M110 300a46 46 0 0 1 8-91 66 66 0 0 1 126-14 50 50 0 0 1 86 18 44 44 0 0 1 14 87z"
        fill="#eef4ff"
        opacity=".16"
      />
      <g stroke="#bfd2ff" strokeWidth="3" strokeLinecap="round" opacity=".8">
        <path d="M96 96 170 150M384 84 330 136M402 300 336 262" />
      </g>
      <g fill="#bfd2ff">
        <circle cx="92" cy="92" r="14" />
        <circle cx="388" cy="80" r="12" />
        <circle cx="406" cy="304" r="16" />
      </g>
      <rect x="150" y="120" width="200" height="150" rx="14" fill="#fff" />
      <rect x="150" y="120" width="200" height="30" rx="14" fill="#dbe6ff" />
      <rect x="150" y="136" width="200" height="14" fill="#dbe6ff" />
      <g fill="#3d6bf0">
        <circle cx="168" cy="135" r="4" />
        <circle cx="182" cy="135" r="4" opacity=".6" />
        <circle cx="196" cy="135" r="4" opacity=".3" />
      </g>
      <g strokeLinecap="round" strokeWidth="7">
        <path d="M172 174h70" stroke="#1f43b5" />
        <path d="M256 174h52" stroke="#c2410c" />
        <path d="M186 194h96" stroke="#3d6bf0" />
        <path d="M186 214h60M260 214h48" stroke="#bfd2ff" />
        <path d="M172 234h40" stroke="#1f43b5" />
      </g>
      <path d="M250 270v34m-40-34v22m80-22v22" stroke="#bfd2ff" strokeWidth="4" strokeLinecap="round" />
      <path d="M196 330h108" stroke="#bfd2ff" strokeWidth="4" strokeLinecap="round" opacity=".6" />
    </svg>
  );
}
