/**
 * The server list (`servers.list()`, docs/spec/mcp-platform.md) built from scanned rows, and its
 * JSON text memoized for `GET /mcp/servers` (docs/decisions/3150): the text is rebuilt only when a
 * record object (a new row content), a registration's catalog info or the storage issues differ
 * from the last call. A list whose secrets could not be opened is not remembered.
 */
import type { RegistrationStorageIssue, StoredRegistration } from "../../ports/mcp-registration-repository";
import type { OpenedSecrets } from "./registry-memo";
import { serverView } from "./registry-records";
import type { McpServerCatalogInfo, McpServerList } from "./registry-views";

/** The rows a list is built from: records and issues of one scan, with their catalog facts. */
export interface ListInputs {
  records: readonly StoredRegistration[];
  issues: readonly RegistrationStorageIssue[];
  infos: ReadonlyMap<string, McpServerCatalogInfo | null>;
}

/** Every healthy registration as the API shows it, plus the scan's and the secrets' storage issues. */
export async function serverList(
  { records, issues, infos }: ListInputs,
  open: (record: StoredRegistration) => Promise<OpenedSecrets>,
): Promise<McpServerList> {
  const servers: McpServerList["servers"] = [];
  const storageIssues = issues.map((issue) => ({ ...issue }));
  for (const record of records) {
    const { view, issue } = await serverView(record, open, infos.get(record.id) ?? null);
    servers.push(view);
    if (issue) storageIssues.push(issue);
  }
  return { servers, storageIssues };
}

/** The last list's JSON text and the parts it was built from (compared by identity / value). */
export class ServerListText {
  private last: { key: readonly unknown[]; text: string } | null = null;

  /** The list of `inputs` as JSON text; `build` runs only when an input differs from the last call. */
  async text(inputs: ListInputs, build: (inputs: ListInputs) => Promise<McpServerList>): Promise<string> {
    const key: unknown[] = [JSON.stringify(inputs.issues)];
    for (const record of inputs.records) {
      const info = inputs.infos.get(record.id);
      key.push(record, info?.negotiatedProtocolVersion, info?.fetchedAt);
    }
    const last = this.last;
    if (last && last.key.length === key.length && last.key.every((part, i) => part === key[i])) return last.text;
    const list = await build(inputs);
    const text = JSON.stringify(list);
    this.last = list.storageIssues.length === inputs.issues.length ? { key, text } : null;
    return text;
  }
}
