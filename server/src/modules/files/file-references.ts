/**
 * True when uploaded_file row `f` is named by what was submitted: its claim's details or its info
 * request's answer (both keep a file as `<type>FileUuid`, e.g. `ticketFrontFileUuid`). Such a file
 * is evidence for the operator and lives as long as its claim; any other upload is disposable.
 */
export function fileReferencedSql(f: string): string {
  return `(exists (select 1 from claim rc where rc.id = ${f}.claim_id and rc.status = 'submitted' and rc.details->>(${f}.type || 'FileUuid') = ${f}.id::text)
        or exists (select 1 from info_request rr where rr.id = ${f}.info_request_id and rr.status = 'submitted' and rr.submission->>(${f}.type || 'FileUuid') = ${f}.id::text))`;
}

/**
 * The same rule as fileReferencedSql, for a query that has joined file `f`'s claim as `c` and its
 * info request (may be null) as `r`: the purge of unused uploads reads them by their keys this
 * way, where the correlated sub-queries made PostgreSQL hash every claim (issue 35).
 */
export function fileReferencedJoinedSql(f: string, c: string, r: string): string {
  return `(coalesce(${c}.status = 'submitted' and ${c}.details->>(${f}.type || 'FileUuid') = ${f}.id::text, false)
        or coalesce(${r}.status = 'submitted' and ${r}.submission->>(${f}.type || 'FileUuid') = ${f}.id::text, false))`;
}
