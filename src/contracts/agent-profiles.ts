/**
 * HTTP body contracts of /api/v1/agent/profiles… (issue [agent-profiles]; docs/spec/profiles.md).
 * Bodies are only shape-checked here (a JSON object); the profile document itself is checked by
 * the domain's strict v3 reader so every failure carries its docs/spec/profiles.md code, not `input.invalid`.
 */
import { z } from "zod";

const document = z.record(z.string(), z.unknown());

/** save: the profile document, or `{profile}` (docs/spec/agent-runtime.md §9 `save(profile | {profile})`). */
export const saveProfileBodySchema = z
  .union([z.object({ profile: document }).strict(), document])
  .transform(
    (body) =>
      (typeof body.profile === "object" && body.profile !== null && !("schemaVersion" in body)
        ? body.profile
        : body) as Record<string, unknown>,
  );

/** import: `{profile, overwrite?}` where `profile` is a v1, v2 or v3 document. */
export const importProfileBodySchema = z.object({ profile: document, overwrite: z.boolean().optional() }).strict();

/** A profile id in a path (shape only; the domain applies the docs/spec/profiles.md id rules). */
export const profileIdParamSchema = z.string().min(1).max(200);

/** repairFile: `{action}` (docs/spec/profiles.md). */
export const repairProfileBodySchema = z.object({ action: z.enum(["delete", "normalizeIdentity"]) }).strict();
