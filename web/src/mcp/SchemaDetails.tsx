/**
 * Collapsible "Schema & hints": input schema, output schema and annotations as pretty JSON text.
 * Annotations are marked as unverified hints from the server (they never change permissions).
 */
import { pretty } from "./display";
import type { McpTool } from "./types";

export function SchemaDetails({ tool }: { tool: McpTool }) {
  const hasHints = Object.keys(tool.annotations).length > 0;
  return (
    <details className="mcp-schema">
      <summary>Schema &amp; hints</summary>
      <h4>Input schema</h4>
      <pre>{pretty(tool.inputSchema)}</pre>
      {tool.outputSchema && (
        <>
          <h4>Output schema</h4>
          <pre>{pretty(tool.outputSchema)}</pre>
        </>
      )}
      <h4>
        Annotations <span className="badge badge-warn">hints from the server, not verified</span>
      </h4>
      {hasHints ? <pre>{pretty(tool.annotations)}</pre> : <p className="muted">None.</p>}
    </details>
  );
}
