/**
 * Journal read queries (docs/spec/journal.md): `afterSeq` → ascending page after a seq; `beforeSeq`
 * → the latest page before a seq, returned ascending; both → the window between them (latest page
 * when beforeSeq is set); `limit` default 100, clamped to 1..500; optional `invocationId` filter
 * (primary or related invocation) applied before paging. No hasMore flag.
 */

export const DEFAULT_EVENT_PAGE = 100;
export const MAX_EVENT_PAGE = 500;

export interface ReadEventsQuery {
  afterSeq?: number;
  beforeSeq?: number;
  limit?: number;
  invocationId?: string;
}

/** A query with every field resolved. `direction` says which end of the window the page comes from. */
export interface NormalizedEventsQuery {
  afterSeq: number;
  beforeSeq: number | null;
  limit: number;
  invocationId: string | null;
  direction: "ascending" | "latest";
}

/** Clamps limit into 1..500 (default 100) and resolves the paging direction. */
export function normalizeEventsQuery(query: ReadEventsQuery = {}): NormalizedEventsQuery {
  const raw = query.limit === undefined || !Number.isFinite(query.limit) ? DEFAULT_EVENT_PAGE : Math.trunc(query.limit);
  const limit = Math.min(MAX_EVENT_PAGE, Math.max(1, raw));
  const afterSeq = Math.max(0, Math.trunc(query.afterSeq ?? 0));
  const beforeSeq = query.beforeSeq === undefined ? null : Math.max(0, Math.trunc(query.beforeSeq));
  return {
    afterSeq,
    beforeSeq,
    limit,
    invocationId: query.invocationId ?? null,
    direction: beforeSeq === null ? "ascending" : "latest",
  };
}
