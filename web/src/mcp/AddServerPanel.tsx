/** "Add server" with two tabs: Manual (ServerForm) and JSON (JsonImport) — docs/spec/mcp-platform.md §15.4. */
import { useState } from "react";
import { JsonImport } from "./JsonImport";
import { ServerForm } from "./ServerForm";

export function AddServerPanel({ onClose }: { onClose(): void }) {
  const [tab, setTab] = useState<"manual" | "json">("manual");
  return (
    <section className="card" aria-labelledby="add-server-title">
      <h2 id="add-server-title">Add server</h2>
      <div className="mcp-segmented" role="tablist" aria-label="How to add">
        <button type="button" role="tab" aria-selected={tab === "manual"} onClick={() => setTab("manual")}>
          Manual
        </button>
        <button type="button" role="tab" aria-selected={tab === "json"} onClick={() => setTab("json")}>
          JSON
        </button>
      </div>
      <div role="tabpanel">{tab === "manual" ? <ServerForm onDone={onClose} /> : <JsonImport onDone={onClose} />}</div>
    </section>
  );
}
