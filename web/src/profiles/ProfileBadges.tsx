/** Badges of a profile: built-in/read-only, and "sub-agent only" when it cannot run directly. */
export function ProfileBadges({ readOnly, directRunnable }: { readOnly: boolean; directRunnable: boolean }) {
  return (
    <>
      {readOnly && <span className="badge badge-muted">Built-in · read-only</span>}
      {!directRunnable && <span className="badge badge-warn-text">Sub-agent only (cannot start from a chat)</span>}
    </>
  );
}
