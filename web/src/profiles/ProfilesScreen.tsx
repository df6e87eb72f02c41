/**
 * The Profiles screen (issue [agent-profiles] web view): `/profiles` lists the agent profiles
 * (built-in `default-writer` read-only, storage issues with their repair actions, import);
 * `/profiles/<id>` is one profile (health in plain language, structured fields, JSON editor for
 * the rest, save, duplicate, export, delete).
 */
import { usePath } from "../shell/router";
import { ProfileList } from "./ProfileList";
import { ProfilePage } from "./ProfilePage";
import { profileIdOfPath } from "./paths";
import "../components/fields.css";
import "../components/rows.css";
import "./profiles.css";

export function ProfilesScreen() {
  const profileId = profileIdOfPath(usePath());
  return profileId ? <ProfilePage key={profileId} profileId={profileId} /> : <ProfileList />;
}
