// What jsdom lacks and the rich-text editor uses: it has no layout, and
// ProseMirror asks for rectangles when it scrolls the selection into view.
// Imported by the tests that render the editor.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
const zeroRect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;
Range.prototype.getClientRects = noRects;
Range.prototype.getBoundingClientRect = zeroRect;
(Text.prototype as unknown as { getClientRects: () => DOMRectList }).getClientRects = noRects;
document.elementFromPoint = () => null;
