import { avatarColour, initials } from './avatar';

/** A circle with the commenter's initials, drawn on the page; decorative, since the name is beside it. */
export function CommentAvatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      data-testid="comment-avatar"
      style={{ backgroundColor: avatarColour(name) }}
      className="flex size-11 shrink-0 items-center justify-center rounded-full text-base font-semibold text-white select-none"
    >
      {initials(name)}
    </span>
  );
}
