/** What a page shows while its chunk or its data is on the way. */
export function PageLoading() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-24 text-center text-slate-600" role="status">
      Loading...
    </div>
  );
}
