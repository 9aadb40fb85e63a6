// The console's blog: the list of every post, and the form that writes
// one (an introduction, then sections each starting with a Heading 2: the
// slides of the post's page), uploads its cover image, previews it,
// publishes it, and keeps its revisions.
import { useCallback, useRef, useState } from 'react';
import { Link, Route, Routes, useParams } from 'react-router';
import { Picture } from '../../components/picture';
import type { AdminPost, AdminPostInput, ImageSource, ImageVersion, PagePreview } from '../../gen/wire';
import { adminGet, adminPath, adminSend, adminUpload } from '../api';
import { dangerButton, FormField, inputClass, primaryButton, secondaryButton } from '../editor/form-field';
import { PreviewFrame } from '../editor/preview-frame';
import { RichTextEditor } from '../editor/rich-text-editor';
import type { CompareField } from '../editor/diff';
import { RevisionsPanel, type RevisionCalls } from '../editor/revisions-panel';
import { SaveConflict } from '../editor/save-conflict';
import { useEditorPage, type EditorCalls } from '../editor/use-editor-page';
import { ListScreen } from '../ui/list-screen';
import { localText, PostSchedule, useSchedulingCalls } from './post-schedule';
import { SeoFields } from './seo-fields';
import { SlugField } from './slug-field';
import { TagsField } from './tags-field';
import { AuthorField } from './author-field';
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
          <td className="py-2 pr-4">{p.schedule ? p.schedule.text : statusText(p.status)}</td>
          <td className="py-2 pr-4">{formatWhen(p.createdAt)}</td>
          <td className="py-2">{formatWhen(p.updatedAt)}</td>
        </tr>
      )}
    />
  );
}

/** The form's values. */
type PostForm = Omit<AdminPostInput, 'baseVersion'>;

const emptyForm: PostForm = { title: '', description: '', content: '', imageAlt: '', tags: [], authorId: '', slug: '', seoTitle: '', seoDescription: '' };

function formOf(p: AdminPost): PostForm {
  return {
    title: p.title,
    description: p.description,
    content: p.content,
    imageAlt: p.imageAlt,
    tags: p.tags ?? [],
    authorId: p.authorId,
    slug: p.slug,
    seoTitle: p.seoTitle,
    seoDescription: p.seoDescription,
  };
}

/** The request body of a form (the editor sets baseVersion when it saves). */
const bodyOf = (f: PostForm): AdminPostInput => ({ ...f, baseVersion: 0 });

/** A post form's fields as a comparison of versions shows them. */
export function postFields(f: PostForm): CompareField[] {
  return [
    { label: 'Title', text: f.title },
    { label: 'Description', text: f.description },
    { label: 'Tags', text: (f.tags ?? []).join(', ') },
    { label: 'Slug', text: f.slug ?? '' },
    { label: 'SEO title', text: f.seoTitle ?? '' },
    { label: 'Search description', text: f.seoDescription ?? '' },
    { label: 'Cover image description', text: f.imageAlt },
    { label: 'Content', text: f.content, html: true },
  ];
}

/** The post editor's calls of a post's revisions. */
const postRevisionCalls: RevisionCalls<AdminPost> = {
  list: (id) => adminGet(adminPath('/posts/{id}/revisions', { id })),
  get: (id, version) => adminGet(adminPath('/posts/{id}/revisions/{version}', { id, version: String(version) })),
  restore: (id, version, baseVersion) =>
    adminSend('POST', adminPath('/posts/{id}/revisions/{version}/restore', { id, version: String(version) }), { baseVersion }),
};

/** The post editor's calls of the staff API. */
const postCalls: EditorCalls<AdminPost, AdminPostInput> = {
  load: (id) => adminGet(adminPath('/posts/{id}', { id })),
  create: (body) => adminSend('POST', '/posts', body),
  update: (id, body) => adminSend('PUT', adminPath('/posts/{id}', { id }), body),
  publish: (id) => adminSend('POST', adminPath('/posts/{id}/publish', { id })),
  remove: (id) => adminSend('DELETE', adminPath('/posts/{id}', { id })),
};

const sectionsHelp =
  'The post’s page shows one section at a time. Text before the first Heading 2 is the introduction, the first section, without a heading. Start each further section with a heading (Heading 2), which titles it; use Heading 3 inside a section.';

function PostEditor() {
  const { id } = useParams();
  const [preview, setPreview] = useState<PagePreview | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const scheduling = useSchedulingCalls(postCalls);
  const page = useEditorPage({
    id,
    calls: scheduling.calls,
    empty: emptyForm,
    formOf,
    bodyOf,
    fieldPrefix: 'post',
    richField: 'content',
    pending: progress !== null,
    theirsOf: (c) => c.post,
  });
  const {
    item: post,
    setItem: setPost,
    form,
    setForm,
    dirty,
    loadError,
    error,
    fields,
    setFields,
    notice,
    setNotice,
    busy,
    errorRef,
    onEditorReady,
    begin,
    fail,
    run,
    conflict,
  } = page;

  const onContent = useCallback((html: string) => setForm((f) => ({ ...f, content: html })), [setForm]);
  const onAuthor = useCallback((authorId: string) => setForm((f) => ({ ...f, authorId })), [setForm]);
  const onSlug = useCallback((slug: string) => setForm((f) => (f.slug === slug ? f : { ...f, slug })), [setForm]);

  async function onUploadSocial(file: File | undefined) {
    if (!post) return;
    if (!file) {
      setFields({ socialImage: 'Choose an image to upload.' });
      return;
    }
    await run(async () => {
      const data = new FormData();
      data.append('image', file);
      try {
        setPost(await adminUpload(adminPath('/posts/{id}/social-image', { id: post.id }), data, {}));
      } catch (e) {
        const f = (e as { fields?: Record<string, string> }).fields;
        if (f?.image) throw Object.assign(e as object, { fields: { socialImage: f.image } });
        throw e;
      }
      setNotice('Social image uploaded.');
    });
  }

  async function onRemoveSocial() {
    if (!post) return;
    await run(async () => {
      setPost(await adminSend('DELETE', adminPath('/posts/{id}/social-image', { id: post.id })));
      setNotice('Social image removed.');
    });
  }

  const onSave = () => page.onSave((before) => (before?.status === 'published' ? 'Changes saved. The blog shows them now.' : 'Draft saved.'));
  const onPublish = () => page.onPublish('Published. The post is on the blog now.');
  const onDelete = () => page.onDelete('Delete this post, its comments and its cover image for good?');

  async function onSchedule(value: string) {
    scheduling.scheduleAt.current = value;
    try {
      await page.onPublish(`Scheduled for ${localText(value) || value}. The post publishes itself then.`);
    } finally {
      scheduling.scheduleAt.current = null;
    }
  }

  async function onUnschedule() {
    if (!post) return;
    await run(async () => {
      setPost(await adminSend('DELETE', adminPath('/posts/{id}/schedule', { id: post.id })));
      setNotice('Unscheduled. The post is a draft and will not publish itself.');
    });
  }

  async function onUnpublish() {
    if (!post) return;
    await run(async () => {
      setPost(await adminSend('POST', adminPath('/posts/{id}/unpublish', { id: post.id })));
      setNotice('Unpublished. The post is a draft again and off the blog.');
    });
  }

  const onPreview = () =>
    run(async () => {
      setPreview(await adminSend('POST', '/posts/preview', bodyOf(form), { id: post?.id }));
    });

  /** Uploads file as post id's cover, with progress. */
  async function uploadCover(id: string, file: File): Promise<AdminPost> {
    setProgress(0);
    const data = new FormData();
    data.append('image', file);
    try {
      return await adminUpload(adminPath('/posts/{id}/cover', { id }), data, { onProgress: (share) => setProgress(share) });
    } finally {
      setProgress(null);
    }
  }

  /** Uploads a picture for the post's text (also before the post's first save). */
  const uploadImage = useCallback((file: File, onProgress: (share: number) => void) => {
    const data = new FormData();
    data.append('image', file);
    return adminUpload('/post-images', data, { onProgress });
  }, []);

  async function onUpload() {
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setFields({ image: 'Choose an image to upload.' });
      return;
    }
    if (!post) {
      // A new post is saved as a draft first: the cover belongs to it.
      await page.onSaveThen((t) => uploadCover(t.id, file), 'Draft saved and cover image uploaded.');
      return;
    }
    begin();
    try {
      setPost(await uploadCover(post.id, file));
      setNotice('Cover image uploaded.');
      if (fileRef.current) fileRef.current.value = '';
    } catch (e) {
      fail(e);
    }
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
        Status: <strong>{post?.schedule ? post.schedule.text : statusText(status)}</strong>
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
      {conflict && (
        <SaveConflict
          what="post"
          changedBy={conflict.changedBy}
          changedAt={conflict.changedAt}
          mine={postFields(form)}
          theirs={postFields(formOf(conflict.theirs))}
          busy={busy}
          onKeepMine={() => void page.keepMine('Your version is saved. It replaced theirs; theirs is kept under Revisions.')}
          onTakeTheirs={() => page.takeTheirs('Their version is in the form now. Your changes were dropped.')}
        />
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
        <SlugField postId={post?.id} title={form.title} slug={form.slug ?? ''} onChange={onSlug} error={fields.slug} earlier={post?.earlierSlugs} />
        <TagsField id="post-tags" tags={form.tags ?? []} onChange={(tags) => setForm((f) => ({ ...f, tags }))} error={fields.tags} />
        <AuthorField id="post-authorId" value={form.authorId ?? ''} isNew={!id} onChange={onAuthor} error={fields.authorId} />
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
          <FormField
            id="post-imageAlt"
            label="Cover image description"
            help="What the cover shows, in a sentence, for people who cannot see it (the image’s text alternative). Needed to publish a post with a cover. At most 250 characters."
            error={fields.imageAlt}
          >
            {(p) => (
              <input {...p} maxLength={250} className={inputClass} value={form.imageAlt} onChange={(e) => setForm({ ...form, imageAlt: e.target.value })} />
            )}
          </FormField>
          <FormField
            id="post-image"
            label="Upload a cover image"
            help={`A JPEG, PNG or WebP photo, at most 10 MB; 1600 pixels wide or more looks sharp everywhere.${post ? '' : ' Uploading saves the new post as a draft first.'}`}
            error={fields.image}
          >
            {(p) => (
              <div className="flex flex-wrap items-center gap-2">
                <input {...p} ref={fileRef} type="file" accept="image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp" className="text-sm" />
                <button type="button" className={secondaryButton} disabled={busy} onClick={() => void onUpload()}>
                  Upload cover image
                </button>
                {post?.image && (
                  <button type="button" className={secondaryButton} disabled={busy} onClick={() => void onRemoveCover()}>
                    Remove cover image
                  </button>
                )}
              </div>
            )}
          </FormField>
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
        <SeoFields
          title={form.title}
          description={form.description}
          seoTitle={form.seoTitle ?? ''}
          seoDescription={form.seoDescription ?? ''}
          address={`${typeof location === 'undefined' ? '' : location.origin}/blog/${form.slug || post?.id || '…'}`}
          onChange={(v) => setForm((f) => ({ ...f, ...v }))}
          fields={fields}
          socialImage={post?.socialImage ?? ''}
          saved={!!post}
          busy={busy}
          onUpload={(file) => void onUploadSocial(file)}
          onRemove={() => void onRemoveSocial()}
        />
        <RichTextEditor
          label="Content"
          description={sectionsHelp}
          value={form.content}
          onChange={onContent}
          error={fields.content}
          onReady={onEditorReady}
          uploadImage={uploadImage}
        />
        {status !== 'published' && <PostSchedule post={post} busy={busy} error={fields.publishAt} onSchedule={onSchedule} onUnschedule={onUnschedule} />}
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
      {post && (
        <RevisionsPanel
          item={post}
          calls={postRevisionCalls}
          fieldsOf={(p) => postFields(formOf(p))}
          statusText={statusText}
          dirty={dirty}
          busy={busy}
          run={run}
          onRestored={(p, v) => {
            page.took(p);
            setNotice(`Version ${v} restored as version ${p.version}.`);
          }}
        />
      )}
      {preview && <PreviewFrame html={preview.html} onClose={() => setPreview(null)} />}
    </div>
  );
}
