/**
 * A message write refused with `chat.revision_conflict`: shows the newer text (as text) and offers
 * to re-apply this device's change on top of it, or to keep the newer version.
 */
import { BusyButton } from "../components/BusyButton";
import type { ChatMessage } from "./types";

export interface MessageConflictProps {
  current: ChatMessage;
  /** "edit" → re-apply the edited text; "delete" → delete the newer version anyway. */
  action: "edit" | "delete";
  busy: boolean;
  onReapply(): void;
  onKeepNewer(): void;
}

export function MessageConflict({ current, action, busy, onReapply, onKeepNewer }: MessageConflictProps) {
  return (
    <div className="notice message-conflict" role="alert" data-testid="message-conflict">
      <p>
        <strong>This message was changed on another device</strong> while you were{" "}
        {action === "edit" ? "editing" : "deleting"} it. The newer text is:
      </p>
      <blockquote className="message-text" data-testid="conflict-newer-text">
        {current.text}
      </blockquote>
      <div className="row">
        <BusyButton variant="primary" busy={busy} onClick={onReapply}>
          {action === "edit" ? "Re-apply my edit" : "Delete it anyway"}
        </BusyButton>
        <button type="button" className="btn btn-secondary" onClick={onKeepNewer}>
          Keep the newer version
        </button>
      </div>
    </div>
  );
}
