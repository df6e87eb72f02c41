/**
 * Hosted model binding of a profile (docs/spec/profiles.md `model`; docs/api.md: "Without
 * connectionId, a run uses the profile's connection, else the user's default connection"):
 * - a run request's `connectionId` wins;
 * - else `connectionRef` mode → that connection with the profile's `modelId`;
 * - else (`currentPromptSnapshot`) → the user's default connection (`connectionId` undefined);
 * - `requiresConfiguration` never runs: `agent.profile_model_requires_configuration`.
 * Export/embedding replaces a local binding (`connectionRef`) with `requiresConfiguration`.
 */
import { AppError } from "../errors";
import type { AgentProfileDefinition, ProfileModel } from "./definition";

/** Where a run's model comes from. `connectionId` undefined = the user's default connection. */
export interface ModelBindingTarget {
  source: "request" | "profile" | "default";
  connectionId: string | undefined;
  /** Model id to use instead of the connection's own (connectionRef profiles only). */
  modelId?: string;
}

/** Resolves the binding (see file docstring). Throws `agent.profile_model_requires_configuration`. */
export function resolveModelBinding(
  profileId: string,
  model: ProfileModel,
  requestConnectionId?: string,
): ModelBindingTarget {
  if (model.mode === "requiresConfiguration") {
    throw new AppError(
      "agent.profile_model_requires_configuration",
      `Profile "${profileId}" needs a model connection before it can run. Pick one for it in the profile.`,
      { profileId },
    );
  }
  if (requestConnectionId !== undefined) return { source: "request", connectionId: requestConnectionId };
  if (model.mode === "connectionRef")
    return {
      source: "profile",
      connectionId: model.connectionRef?.trim(),
      ...(model.modelId ? { modelId: model.modelId.trim() } : {}),
    };
  return { source: "default", connectionId: undefined };
}

/** The portable copy of a profile: local connection bindings become `requiresConfiguration`. */
export function portableProfile(profile: AgentProfileDefinition): AgentProfileDefinition {
  const copy = structuredClone(profile);
  if (copy.model.mode === "connectionRef") copy.model = { mode: "requiresConfiguration" };
  return copy;
}
