// The console's blog: the list of every post, and the form that writes
// one in sections (each starting with a Heading 2: a slide on the post's
// page), uploads its cover image, previews it and publishes it.
import { useCallback, useRef, useState } from 'react';
import { Link, Route, Routes, useParams } from 'react-router';
import { Picture } from '../../components/picture';
import type { AdminPost, AdminPostInput, ImageSource, ImageVersion, PagePreview } from '../../gen/wire';
import { adminGet, adminPath, adminSend, adminUpload } from '../api';
import { dangerButton, FormField, inputClass, primaryButton, secondaryButton } from '../editor/form-field';
import { PreviewFrame } from '../editor/preview-frame';
import { RichTextEditor } from '../editor/rich-text-editor';
import { useEditorPage, type EditorCalls } from '../editor/use-editor-page';
import { ListScreen } from '../ui/list-screen';
import { formatWhen } from '../ui/format';

export default function BlogScreen() {
  return (
    <Routes>
      <Route index element={<PostList />} />
      <Route path="new" element={<PostEditor key="new" />} />
      <Route path=":id" element={<PostEditor />} />
    </Routes>
  );
}

/** A srcset of the cover's versions: the file url picks from each, or "" unless every version has one. */
function versionSrcset(versions: readonly ImageVersion[], url: (v: ImageVersion) => string | undefined): string {
  if (versions.length === 0 || versions.some((v) => !url(v))) return '';
  return versions.map((v) => `${url(v)} ${v.width}w`).join(', ');
}

/** The cover's smaller formats that every version has, best first, for <picture>. */
function coverSources(versions: readonly ImageVersion[]): ImageSource[] {
  const formats: [string, (v: ImageVersion) => string | undefined][] = [
    ['image/avif', (v) => v.avif],
    ['image/webp', (v) => v.webp],
  ];
  return formats
    .map(([type, url]) => ({ type, srcset: versionSrcset(versions, url) }))
    .filter((s) => s.srcset !== '');
}

/** A post's status in words. */
function statusText(status: string): string {
  return status === 'published' ? 'Published' : 'Draft';
}

function PostList() {
  return (
    <ListScreen
      path="/posts"
      title="Blog"
      newButton={{ to: 'new', label: 'New post' }}
      rows={(list) => list.posts}
      loading="Loading posts…"
      empty="No posts yet. Write one with “New post”."
      caption="Posts, newest first"
      columns={['Title', 'Status', 'Created', 'Updated']}
      pagesLabel="Pages of posts"
      row={(p) => (
        <tr className="border-t border-slate-200">
          <td className="py-2 pr-4">
            <Link to={p.id} className="font-medium text-blue-700 underline">
              {p.title || 'Untitled post'}
            </Link>
          </td>
          <td className="py-2 pr-4">{statusText(p.status)}</td>
          <td className="py-2 pr-4">{formatWhen(p.createdAt)}</td>
          <td className="py-2">{formatWhen(p.updatedAt)}</td>
        </tr>
      )}
    />
  );
}

const emptyForm: AdminPostInput = { title: '', description: '', content: '' };

function formOf(p: AdminPost): AdminPostInput {
  return { title: p.title, description: p.description, content: p.content };
}

/** The post editor's calls of the staff API. */
const postCalls: EditorCalls<AdminPost, AdminPostInput> = {
  load: (id) => adminGet(adminPath('/posts/{id}', { id })),
  create: (body) => adminSend('POST', '/posts', body),
  update: (id, body) => adminSend('PUT', adminPath('/posts/{id}', { id }), body),
  publish: (id) => adminSend('POST', adminPath('/posts/{id}/publish', { id })),
  remove: (id) => adminSend('DELETE', adminPath('/posts/{id}', { id })),
};

const sectionsHelp =
  'Start each section with a heading (Heading 2): the post’s page shows one section at a time, titled by its heading. Use Heading 3 inside a section.';

function PostEditor() {
  const { id } = useParams();
  const [preview, setPreview] = useState<PagePreview | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const page = useEditorPage({
    id,
    calls: postCalls,
    empty: emptyForm,
    formOf,
    bodyOf: (f) => f,
    fieldPrefix: 'post',
    richField: 'content',
    pending: progress !== null,
  });
  const { item: post, setItem: setPost, form, setForm, dirty, loadError, error, fields, setFields, notice, setNotice, busy, errorRef, onEditorReady, begin, fail, run } =
    page;

  const onContent = useCallback((html: string) => setForm((f) => ({ ...f, content: html })), [setForm]);

  const onSave = () => page.onSave((before) => (before?.status === 'published' ? 'Changes saved. The blog shows them now.' : 'Draft saved.'));
  const onPublish = () => page.onPublish('Published. The post is on the blog now.');
  const onDelete = () => page.onDelete('Delete this post, its comments and its cover image for good?');

  async function onUnpublish() {
    if (!post) return;
    await run(async () => {
      setPost(await adminSend('POST', adminPath('/posts/{id}/unpublish', { id: post.id })));
      setNotice('Unpublished. The post is a draft again and off the blog.');
    });
  }

  const onPreview = () =>
    run(async () => {
      setPreview(await adminSend('POST', '/posts/preview', form, { id: post?.id }));
    });

  async function onUpload() {
    const file = fileRef.current?.files?.[0];
    if (!post || !file) {
      setFields({ image: 'Choose an image to upload.' });
      return;
    }
    begin();
    setProgress(0);
    const data = new FormData();
    data.append('image', file);
    try {
      const p = await adminUpload(adminPath('/posts/{id}/cover', { id: post.id }), data, { onProgress: (share) => setProgress(share) });
      setPost(p);
      setNotice('Cover image uploaded.');
      if (fileRef.current) fileRef.current.value = '';
    } catch (e) {
      fail(e);
    }
    setProgress(null);
    page.setBusy(false);
  }

  async function onRemoveCover() {
    if (!post) return;
    await run(async () => {
      setPost(await adminSend('DELETE', adminPath('/posts/{id}/cover', { id: post.id })));
      setNotice('Cover image removed.');
    });
  }

  if (loadError) {
    return (
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Post</h1>
        <p role="alert" className="mt-4 text-red-700">
          {loadError}
        </p>
        <Link to=".." relative="path" className="mt-4 inline-block text-blue-700 underline">
          Back to posts
        </Link>
      </div>
    );
  }
  if (id && !post) return <p>Loading the post…</p>;

  const status = post?.status ?? 'draft';
  const versions = post?.imageVersions ?? [];

  return (
    <div>
      <Link to=".." relative="path" className="text-sm text-blue-700 underline">
        Back to posts
      </Link>
      <h1 className="mt-2 text-2xl font-semibold text-slate-900">{post ? `Edit post: ${post.title || 'Untitled'}` : 'New post'}</h1>
      <p className="mt-1 text-sm">
        Status: <strong>{statusText(status)}</strong>
        {dirty && <span> · Unsaved changes</span>}
        {post && status === 'published' && (
          <>
            {' · '}
            <a href={post.url} target="_blank" rel="noreferrer" className="text-blue-700 underline">
              View the public page
            </a>
          </>
        )}
      </p>
      {error && (
        <p role="alert" tabIndex={-1} ref={errorRef} className="mt-4 text-red-700">
          {error}
        </p>
      )}
      {notice && (
        <p role="status" className="mt-4 text-green-800">
          {notice}
        </p>
      )}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSave();
        }}
        className="mt-4 max-w-3xl space-y-4"
      >
        <FormField id="post-title" label="Title" help="At most 150 characters." error={fields.title}>
          {(p) => (
            <input {...p} maxLength={150} className={inputClass} value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} />
          )}
        </FormField>
        <FormField
          id="post-description"
          label="Description"
          help="One or two sentences for the blog list and search results. At most 300 characters."
          error={fields.description}
        >
          {(p) => (
            <textarea
              {...p}
              rows={3}
              maxLength={300}
              className={inputClass}
              value={form.description}
              onChange={(e) => setForm({ ...form, description: e.target.value })}
            />
          )}
        </FormField>
        <fieldset className="rounded-md border border-slate-300 p-3">
          <legend className="px-1 text-sm font-medium text-slate-800">Cover image</legend>
          {post?.image ? (
            <Picture
              src={post.image}
              srcSet={versionSrcset(versions, (v) => v.url)}
              sources={coverSources(versions)}
              sizes="(min-width: 30rem) 448px, 100vw"
              alt="The current cover image"
              width={1280}
              height={720}
              className="aspect-video h-auto w-full max-w-md rounded-md bg-slate-100 object-cover"
            />
          ) : (
            <p className="text-sm text-slate-600">No cover image.</p>
          )}
          {post ? (
            <FormField id="post-image" label="Upload a cover image" help="A JPEG or PNG photo, at most 10 MB; 1600 pixels wide or more looks sharp everywhere." error={fields.image}>
              {(p) => (
                <div className="flex flex-wrap items-center gap-2">
                  <input {...p} ref={fileRef} type="file" accept="image/jpeg,image/png,.jpg,.jpeg,.png" className="text-sm" />
                  <button type="button" className={secondaryButton} disabled={busy} onClick={() => void onUpload()}>
                    Upload cover image
                  </button>
                  {post.image && (
                    <button type="button" className={secondaryButton} disabled={busy} onClick={() => void onRemoveCover()}>
                      Remove cover image
                    </button>
                  )}
                </div>
              )}
            </FormField>
          ) : (
            <p className="mt-2 text-sm text-slate-600">Save the draft first, then add a cover image.</p>
          )}
          {progress !== null && (
            <div className="mt-2 text-sm">
              <label htmlFor="post-upload-progress">Uploading the cover image</label>{' '}
              <progress id="post-upload-progress" max={1} value={progress}>
                {Math.round(progress * 100)}%
              </progress>{' '}
              {Math.round(progress * 100)}%
            </div>
          )}
        </fieldset>
        <RichTextEditor label="Content" description={sectionsHelp} value={form.content} onChange={onContent} error={fields.content} onReady={onEditorReady} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={secondaryButton} disabled={busy}>
            {status === 'draft' ? 'Save draft' : 'Save changes'}
          </button>
          {status !== 'published' ? (
            <button type="button" className={primaryButton} disabled={busy} onClick={() => void onPublish()}>
              Publish
            </button>
          ) : (
            <button type="button" className={secondaryButton} disabled={busy} onClick={() => void onUnpublish()}>
              Unpublish
            </button>
          )}
          <button type="button" className={secondaryButton} disabled={busy} onClick={() => void onPreview()}>
            Preview
          </button>
          {post && (
            <button type="button" className={dangerButton} disabled={busy} onClick={() => void onDelete()}>
              Delete post
            </button>
          )}
        </div>
      </form>
      {preview && <PreviewFrame html={preview.html} onClose={() => setPreview(null)} />}
    </div>
  );
}
