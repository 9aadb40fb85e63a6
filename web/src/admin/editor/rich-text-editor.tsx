// The console's rich-text editor (TipTap) for job descriptions and blog
// posts. It offers only what the server's sanitiser keeps (package
// sanitize): headings 2 and 3, paragraphs, bold, italic, lists, block
// quotes, code and links to http(s) or mailto addresses; with uploadImage
// (a blog post's text), pictures uploaded from its image dialog. Its
// output is HTML; the server cleans it again on every write.
import Link from '@tiptap/extension-link';
import { TextSelection } from '@tiptap/pm/state';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ImageDialog, type ImageDialogProps } from './image-dialog';
import { BodyImage } from './image-node';
import { LinkDialog, type LinkRequest } from './link-dialog';

/** The editable area's attributes: its role, name, description and state. */
function editorAttributes(labelId: string, describedBy: string, error: string | undefined): Record<string, string> {
  const attrs: Record<string, string> = {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    class:
      'rich-text min-h-48 rounded-b-md border border-t-0 border-slate-400 bg-white px-3 py-2 text-sm [&_figcaption]:text-slate-600 [&_figure]:my-2 [&_img]:my-2 [&_img]:h-auto [&_img]:max-w-full [&_.ProseMirror-selectednode]:outline-2 [&_.ProseMirror-selectednode]:outline-blue-700 [&_h2]:mt-3 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-2 [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_a]:text-blue-700 [&_a]:underline',
  };
  if (describedBy) attrs['aria-describedby'] = describedBy;
  if (error) attrs['aria-invalid'] = 'true';
  return attrs;
}

export interface RichTextEditorProps {
  /** The visible label; it also names the editable area. */
  label: string;
  /** Help shown under the label and read with the area. */
  description?: ReactNode;
  /** The HTML. A change from outside (a loaded record) replaces the content. */
  value: string;
  onChange: (html: string) => void;
  /** The server's message for the field, shown under the area. */
  error?: string;
  /** Called with the editor once it exists, so a form can focus it. */
  onReady?: (focus: () => void) => void;
  /** Uploads a picture for the text; without it the editor offers no Image button. */
  uploadImage?: ImageDialogProps['upload'];
}

interface ToolState {
  h2: boolean;
  h3: boolean;
  bold: boolean;
  italic: boolean;
  bullet: boolean;
  ordered: boolean;
  link: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

function toolState(editor: Editor | null): ToolState {
  return {
    h2: !!editor?.isActive('heading', { level: 2 }),
    h3: !!editor?.isActive('heading', { level: 3 }),
    bold: !!editor?.isActive('bold'),
    italic: !!editor?.isActive('italic'),
    bullet: !!editor?.isActive('bulletList'),
    ordered: !!editor?.isActive('orderedList'),
    link: !!editor?.isActive('link'),
    canUndo: !!editor?.can().undo(),
    canRedo: !!editor?.can().redo(),
  };
}

/** What the link dialog needs to know of the editor's selection now. */
function linkRequest(editor: Editor): LinkRequest {
  return { href: (editor.getAttributes('link').href as string | undefined) ?? '', hasSelection: !editor.state.selection.empty };
}

const buttonClass =
  'rounded px-2 py-1 text-sm font-medium text-slate-800 hover:bg-slate-200 aria-pressed:bg-slate-800 aria-pressed:text-white disabled:opacity-40';

export function RichTextEditor({ label, description, value, onChange, error, onReady, uploadImage }: RichTextEditorProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [description ? descriptionId : '', error ? errorId : ''].filter(Boolean).join(' ');
  const onChangeRef = useRef(onChange);
  const [link, setLink] = useState<LinkRequest | null>(null);
  const [imageOpen, setImageOpen] = useState(false);
  // Ctrl+K (Cmd+K) opens the link dialog, as in most editors.
  const editorRef = useRef<Editor | null>(null);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const linkShortcut = (_view: unknown, ev: globalThis.KeyboardEvent): boolean => {
    const current = editorRef.current;
    if (!(ev.ctrlKey || ev.metaKey) || ev.altKey || ev.key.toLowerCase() !== 'k' || !current) return false;
    ev.preventDefault();
    setLink(linkRequest(current));
    return true;
  };

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        // Not kept by the server's sanitiser: offering them would lose work.
        strike: false,
        underline: false,
        horizontalRule: false,
        link: false,
        // An empty paragraph kept after the last block would be saved too.
        trailingNode: false,
      }),
      Link.configure({ openOnClick: false, autolink: true, protocols: ['mailto'], defaultProtocol: 'https' }),
      ...(uploadImage ? [BodyImage] : []),
    ],
    content: value,
    // The site's CSP allows no inline <style>: the editor's few base rules
    // live in admin.css instead.
    injectCSS: false,
    editorProps: { attributes: editorAttributes(labelId, describedBy, error), handleKeyDown: linkShortcut },
    onUpdate: ({ editor }) => onChangeRef.current(editor.isEmpty ? '' : editor.getHTML()),
  });
  editorRef.current = editor;

  // The area's description and error change after creation. setOptions
  // keeps them for the view when it is not mounted yet (editor.view would
  // throw then).
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes: editorAttributes(labelId, describedBy, error), handleKeyDown: linkShortcut } });
  }, [editor, labelId, describedBy, error]);

  // A value from outside (a record loaded after the first render).
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (editor && onReady) onReady(() => editor.commands.focus());
  }, [editor, onReady]);

  const state = useEditorState({ editor, selector: ({ editor }) => toolState(editor) }) ?? toolState(null);

  const tools: { name: string; pressed?: boolean; disabled?: boolean; run: (e: Editor) => void }[] = [
    { name: 'Heading 2', pressed: state.h2, run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
    { name: 'Heading 3', pressed: state.h3, run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run() },
    { name: 'Bold', pressed: state.bold, run: (e) => e.chain().focus().toggleBold().run() },
    { name: 'Italic', pressed: state.italic, run: (e) => e.chain().focus().toggleItalic().run() },
    { name: 'Bulleted list', pressed: state.bullet, run: (e) => e.chain().focus().toggleBulletList().run() },
    { name: 'Numbered list', pressed: state.ordered, run: (e) => e.chain().focus().toggleOrderedList().run() },
    { name: 'Link', pressed: state.link, run: (e) => setLink(linkRequest(e)) },
    ...(uploadImage ? [{ name: 'Image', run: () => setImageOpen(true) }] : []),
    { name: 'Undo', disabled: !state.canUndo, run: (e) => e.chain().focus().undo().run() },
    { name: 'Redo', disabled: !state.canRedo, run: (e) => e.chain().focus().redo().run() },
  ];

  // One tab stop for the toolbar; arrow keys move between its buttons.
  const toolbarRef = useRef<HTMLDivElement>(null);
  const onToolbarKey = (ev: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(toolbarRef.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? []);
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    let next = -1;
    if (ev.key === 'ArrowRight') next = (at + 1) % buttons.length;
    else if (ev.key === 'ArrowLeft') next = (at - 1 + buttons.length) % buttons.length;
    else if (ev.key === 'Home') next = 0;
    else if (ev.key === 'End') next = buttons.length - 1;
    if (next < 0 || buttons.length === 0) return;
    ev.preventDefault();
    buttons.forEach((b, i) => (b.tabIndex = i === next ? 0 : -1));
    buttons[next]?.focus();
  };

  return (
    <div>
      <div id={labelId} className="block text-sm font-medium text-slate-800" onClick={() => editor?.commands.focus()}>
        {label}
      </div>
      {description && (
        <div id={descriptionId} className="mt-1 text-sm text-slate-600">
          {description}
        </div>
      )}
      <div
        ref={toolbarRef}
        role="toolbar"
        aria-label={`${label} formatting`}
        onKeyDown={onToolbarKey}
        className="mt-1 flex flex-wrap gap-1 rounded-t-md border border-slate-400 bg-slate-50 p-1"
      >
        {tools.map((t, i) => (
          <button
            key={t.name}
            type="button"
            tabIndex={i === 0 ? 0 : -1}
            aria-pressed={t.pressed === undefined ? undefined : t.pressed}
            disabled={!editor || t.disabled}
            onMouseDown={(ev) => ev.preventDefault()}
            onClick={() => editor && t.run(editor)}
            className={buttonClass}
          >
            {t.name}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
      {link && editor && (
        <LinkDialog
          request={link}
          onApply={(href, text) => {
            setLink(null);
            const chain = editor.chain().focus();
            if (text) chain.insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] }).run();
            // The cursor after the link, not the link's text selected: a
            // key typed next goes on from it instead of replacing it.
            else
              chain
                .extendMarkRange('link')
                .setLink({ href })
                .command(({ tr }) => !!tr.setSelection(TextSelection.create(tr.doc, tr.selection.to)))
                .run();
          }}
          onRemove={() => {
            setLink(null);
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
          }}
          onCancel={() => {
            setLink(null);
            editor.commands.focus();
          }}
        />
      )}
      {imageOpen && editor && uploadImage && (
        <ImageDialog
          upload={uploadImage}
          onInsert={(image) => {
            setImageOpen(false);
            editor.chain().focus().insertBodyImage(image).run();
          }}
          onCancel={() => {
            setImageOpen(false);
            editor.commands.focus();
          }}
        />
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
