// Contact messages: the Inbox, Archived and Spam folders, searched and
// filtered by who handles them; one message opens in message-view.tsx.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorText } from '../ui/alert';
import { formatWhen } from '../ui/format';
import { AdminTable } from '../ui/admin-table';
import { ListStates } from '../ui/list-states';
import { PageLinks } from '../ui/pager';
import { input, secondaryButton as secondary } from '../ui/styles';
import { TabLinks } from '../ui/tab-links';
import { useAdminData } from '../ui/use-admin-data';
import { ASSIGNED, FOLDERS, assignedOf, folderOf, listSearch, type Folder, type ListQuery } from './folders';
import { MessageView } from './message-view';

export { folderOf, folderOfMessage, replySubject } from './folders';

export default function MessagesScreen() {
  return (
    <Routes>
      <Route index element={<FolderView />} />
      <Route path=":id" element={<MessageView />} />
    </Routes>
  );
}

function FolderView() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query: ListQuery = {
    folder: folderOf(params.get('folder')),
    q: (params.get('q') ?? '').trim(),
    assigned: assignedOf(params.get('assigned')),
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const { folder, q, assigned, page } = query;
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice ?? '';
  const { data: list, error } = useAdminData('/messages', {
    folder,
    q: q || undefined,
    assigned: assigned || undefined,
    page: page > 1 ? page : undefined,
  });
  const [search, setSearch] = useState(q);
  // The search box follows the URL when it changes from elsewhere (back button).
  useEffect(() => setSearch(q), [q]);

  const to = (next: Partial<ListQuery>) => {
    const s = listSearch({ ...query, page: 1, ...next });
    return s ? `?${s}` : '.';
  };
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    navigate(to({ q: search }));
  };

  const current = list && list.folder === folder && list.page === page && list.query === q && list.assigned === assigned ? list : null;
  const label = FOLDERS.find((f) => f.folder === folder)?.label ?? 'Inbox';
  const counts = list?.counts;
  const countOf = (f: Folder) => (counts ? { inbox: counts.inbox, archived: counts.archived, spam: counts.spam }[f] : undefined);
  const pages = current ? Math.max(1, Math.ceil(current.total / current.pageSize)) : 1;
  const filtered = q !== '' || assigned !== '';

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Messages</h1>
      <TabLinks
        label="Folders"
        tabs={FOLDERS.map((f) => ({
          key: f.folder,
          label: f.label,
          to: to({ folder: f.folder }),
          active: f.folder === folder,
          count: countOf(f.folder),
        }))}
      />
      <div className="flex flex-wrap items-end gap-4">
        <form role="search" onSubmit={onSearch} className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm">
            Search name, e-mail, subject or text
            <input
              type="search"
              className={`${input} w-72 max-w-full`}
              value={search}
              maxLength={100}
              onChange={(e) => setSearch(e.target.value)}
            />
          </label>
          <button type="submit" className={secondary}>
            Search
          </button>
          {q && (
            <Link to={to({ q: '' })} className="px-1 py-2 text-sm text-blue-800 underline">
              Clear search
            </Link>
          )}
        </form>
        <TabLinks
          label="Assignment"
          tabs={ASSIGNED.map((a) => ({ key: a.assigned || 'all', label: a.label, to: to({ assigned: a.assigned }), active: a.assigned === assigned }))}
        />
      </div>
      {notice && <p role="status">{notice}</p>}
      <h2 className="text-lg font-semibold">
        {label}
        {folder === 'inbox' && counts && !filtered ? `: ${counts.unread} unread` : ''}
        {current && filtered ? `: ${current.total} ${current.total === 1 ? 'message' : 'messages'}${q ? ` matching “${q}”` : ''}` : ''}
      </h2>
      <ListStates
        rows={current?.messages ?? null}
        error={error}
        failed={<ErrorText>Could not load the messages. {error}</ErrorText>}
        loading={<p role="status">Loading messages…</p>}
        empty={<p>{filtered ? `No messages in ${label} match.` : `No messages in ${label}.`}</p>}
      >
        {(messages) => (
          <AdminTable columns={['Status', 'From', 'Subject', 'Assigned to', 'Received']}>
            {messages.map((m) => {
              const unread = m.status === 'new';
              return (
                <tr key={m.id} className={`border-t border-slate-200 ${unread ? 'font-semibold' : ''}`}>
                  <td className="py-2 pr-3">{unread ? 'New' : m.status === 'archived' ? 'Archived' : 'Read'}</td>
                  <td className="py-2 pr-3">
                    <span className="block">{m.name}</span>
                    <span className="block text-slate-600">{m.email}</span>
                  </td>
                  <td className="py-2 pr-3">
                    <Link to={m.id} state={{ listSearch: location.search }} className="text-blue-800 underline">
                      {m.subject || '(no subject)'}
                    </Link>
                    <span className="block font-normal text-slate-600">{m.firstLine}</span>
                  </td>
                  <td className="py-2 pr-3">{m.assigneeName || 'No one'}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{formatWhen(m.receivedAt)}</td>
                </tr>
              );
            })}
          </AdminTable>
        )}
      </ListStates>
      {current && pages > 1 && <PageLinks page={page} pages={pages} to={(p) => `?${listSearch({ ...query, page: p })}`} />}
    </div>
  );
}
