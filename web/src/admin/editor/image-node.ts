// The rich-text editor's picture: one block of the post's text, written
// as the server's sanitiser keeps it. With a caption it is
// <figure><img …><figcaption>…</figcaption></figure>, without one an <img>
// alone; the <img> has the uploaded picture's src, its alt text, width and
// height. The caption is plain text, edited in the image dialog.
import { Node, mergeAttributes } from '@tiptap/core';

export interface BodyImageAttrs {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
  caption: string;
}

/** A whole number of pixels from an attribute, or null. */
function dimension(value: string | null): number | null {
  if (!value || !/^[1-9][0-9]{0,3}$/.test(value)) return null;
  return Number(value);
}

function imgAttrs(img: HTMLImageElement): Omit<BodyImageAttrs, 'caption'> {
  return {
    src: img.getAttribute('src') ?? '',
    alt: img.getAttribute('alt') ?? '',
    width: dimension(img.getAttribute('width')),
    height: dimension(img.getAttribute('height')),
  };
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    bodyImage: {
      /** Inserts a picture where the selection is. */
      insertBodyImage: (attrs: BodyImageAttrs) => ReturnType;
    };
  }
}

export const BodyImage = Node.create({
  name: 'bodyImage',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    return {
      src: { default: '' },
      alt: { default: '' },
      width: { default: null },
      height: { default: null },
      caption: { default: '' },
    };
  },

  parseHTML() {
    return [
      {
        tag: 'figure',
        getAttrs: (el) => {
          const img = (el as HTMLElement).querySelector('img');
          if (!img) return false;
          return { ...imgAttrs(img), caption: (el as HTMLElement).querySelector('figcaption')?.textContent?.trim() ?? '' };
        },
      },
      { tag: 'img[src]', getAttrs: (el) => ({ ...imgAttrs(el as HTMLImageElement), caption: '' }) },
    ];
  },

  renderHTML({ node }) {
    const a = node.attrs as BodyImageAttrs;
    const img: Record<string, string> = { src: a.src, alt: a.alt };
    if (a.width) img.width = String(a.width);
    if (a.height) img.height = String(a.height);
    if (!a.caption) return ['img', mergeAttributes(img)];
    return ['figure', ['img', mergeAttributes(img)], ['figcaption', a.caption]];
  },

  addCommands() {
    return {
      insertBodyImage:
        (attrs) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs }),
    };
  },
});
