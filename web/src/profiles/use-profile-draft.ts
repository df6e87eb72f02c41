/**
 * The editor's draft of one profile: form fields + JSON text (profile-draft.ts), whether it differs
 * from the last version read from the server, and a newer server version that arrived while the
 * user had unsaved changes (`newer`; "Load the newer version" drops the changes). An unchanged
 * draft follows the server at once (live updates from another device).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { splitProfile, type ProfileDraft, type ProfileForm } from "./profile-draft";
import type { ProfileDocument } from "./types";

const same = (a: ProfileDraft, b: ProfileDraft) =>
  a.restText === b.restText && JSON.stringify(a.form) === JSON.stringify(b.form);

export function useProfileDraft(profile: ProfileDocument, version: number) {
  const [base, setBase] = useState<ProfileDocument>(profile);
  const [saved, setSaved] = useState<ProfileDraft>(() => splitProfile(profile));
  const [draft, setDraft] = useState<ProfileDraft>(saved);
  const [newer, setNewer] = useState<ProfileDocument | null>(null);
  const dirty = !same(draft, saved);
  const latest = useRef({ dirty, saved });
  latest.current = { dirty, saved };

  /** Replaces the draft with `doc` (after a save, or when the user takes the newer version). */
  const reset = useCallback((doc: ProfileDocument) => {
    const split = splitProfile(doc);
    setBase(doc);
    setSaved(split);
    setDraft(split);
    setNewer(null);
  }, []);

  useEffect(() => {
    // Runs for each version read from the server (not for draft changes).
    if (!latest.current.dirty) reset(profile);
    else if (!same(splitProfile(profile), latest.current.saved)) setNewer(profile);
  }, [profile, version, reset]);

  const setForm = useCallback(
    (patch: Partial<ProfileForm>) => setDraft((d) => ({ ...d, form: { ...d.form, ...patch } })),
    [],
  );
  const setRestText = useCallback((restText: string) => setDraft((d) => ({ ...d, restText })), []);
  return { base, saved, draft, dirty, newer, reset, setForm, setRestText, discard: () => setDraft(saved) };
}
