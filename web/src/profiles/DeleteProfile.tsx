/** The inline "Delete this profile?" confirmation (`DELETE /agent/profiles/:id`). */
import { BusyButton } from "../components/BusyButton";
import { useAction } from "../state/use-action";
import { useToasts } from "../state/toasts";
import { useProfilesApi } from "./use-profiles-api";

export function DeleteProfile({
  profile,
  onCancel,
  onDeleted,
}: {
  profile: { id: string; displayName: string };
  onCancel(): void;
  onDeleted(): void;
}) {
  const profiles = useProfilesApi();
  const { show } = useToasts();
  const remove = useAction(async () => {
    await profiles.remove(profile.id);
    show({ kind: "success", message: `Deleted the profile “${profile.displayName}”.` });
    onDeleted();
  });
  return (
    <div className="confirm" role="group" aria-label={`Confirm deleting ${profile.displayName}`}>
      <p>
        Delete the profile “{profile.displayName}” (<code>{profile.id}</code>)? Runs that already used it keep their
        copy; new runs cannot pick it. Export it first to keep a copy.
      </p>
      <div className="row">
        <BusyButton
          variant="danger"
          busy={remove.busy}
          busyLabel="Deleting…"
          onClick={() => void remove.run()}
          autoFocus
        >
          Delete profile
        </BusyButton>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
