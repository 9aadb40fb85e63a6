// The applications table's selection for bulk changes: the IDs ticked
// on the current page (a new page, filter or search starts afresh).

/** The selection with id ticked or unticked. */
export function toggled(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Whether every row of the page is ticked (false for an empty page). */
export function allSelected(selected: ReadonlySet<string>, pageIds: readonly string[]): boolean {
  return pageIds.length > 0 && pageIds.every((id) => selected.has(id));
}

/** "Select all on this page": ticks every row, or unticks them all when all are ticked. */
export function toggledAll(selected: ReadonlySet<string>, pageIds: readonly string[]): Set<string> {
  return allSelected(selected, pageIds) ? new Set() : new Set(pageIds);
}

/** The ticked IDs in the page's order (rows that left the page are dropped). */
export function selectedIds(selected: ReadonlySet<string>, pageIds: readonly string[]): string[] {
  return pageIds.filter((id) => selected.has(id));
}
