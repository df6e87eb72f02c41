/**
 * The profile editor's draft (pure; no React): a v3 document is split into the fields the
 * structured form edits and the JSON text of everything else, and composed back for save.
 *
 * Form fields (docs/spec/profiles.md): `displayName`, `description`, `model` (mode, connectionRef,
 * modelId), `run.presentation`, `tools.allow`, `tools.maxRounds`, `workspace.visibleRoots`,
 * `workspace.writableRoots`, `output.artifacts` (the message-body artifact's id, path, kind), and
 * the whole `delegation` block with `run.directRunnable` (delegation-draft.ts).
 * The header (`schemaVersion`, `kind`, `id`) is fixed for an existing profile and shown read-only.
 * Everything else (preset, run.modelRetry/stream, context,
 * instructions, tools.deny/toolDescriptions/maxCallsPerRun/maxCallsPerTool/mcpResultInlineCharLimit,
 * skills, plan, …) is the JSON editor's text. Nothing is validated here beyond "is the JSON text
 * an object": the server's strict reader answers every docs/spec/profiles.md code with its `details.path`.
 */
import { i18n } from "../i18n/i18n";
import { numberOrText, readDelegation, writeDelegation, type DelegationForm } from "./delegation-draft";
import type { ProfileDocument } from "./types";

type Json = Record<string, unknown>;

export type ModelMode = "currentPromptSnapshot" | "connectionRef" | "requiresConfiguration";

export interface ArtifactForm {
  id: string;
  path: string;
  kind: string;
}

export interface ProfileForm {
  displayName: string;
  /** "" = no description. */
  description: string;
  modelMode: string;
  connectionRef: string;
  modelId: string;
  presentation: string;
  allow: string[];
  /** The number input's text (sent as a number when it is one, so the server judges it). */
  maxRounds: string;
  visibleRoots: string[];
  writableRoots: string[];
  artifact: ArtifactForm;
  /** `skills.visible` (names or "*") and `skills.deny` (docs/spec/skills.md "Resolution"). */
  skillsVisible: string[];
  skillsDeny: string[];
  /** `delegation.*` and `run.directRunnable`. */
  delegation: DelegationForm;
}

export interface ProfileDraft {
  form: ProfileForm;
  /** Pretty JSON of every field the form does not edit. */
  restText: string;
}

/** Document paths the form owns (removed from the JSON editor's object). */
const FORM_PATHS: ReadonlyArray<readonly string[]> = [
  ["schemaVersion"],
  ["kind"],
  ["id"],
  ["displayName"],
  ["description"],
  ["model"],
  ["run", "presentation"],
  ["run", "directRunnable"],
  ["delegation"],
  ["tools", "allow"],
  ["tools", "maxRounds"],
  ["workspace", "visibleRoots"],
  ["workspace", "writableRoots"],
  ["output", "artifacts"],
  ["skills", "visible"],
  ["skills", "deny"],
];

export const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === "string" ? value : "");
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
const at = (doc: Json, ...path: string[]): unknown =>
  path.reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), doc);

/** Splits a document into the form fields and the JSON text of the rest. */
export function splitProfile(doc: ProfileDocument): ProfileDraft {
  const artifacts = at(doc, "output", "artifacts");
  const first = Array.isArray(artifacts) && isObject(artifacts[0]) ? artifacts[0] : {};
  const maxRounds = at(doc, "tools", "maxRounds");
  const form: ProfileForm = {
    displayName: text(doc.displayName),
    description: text(doc.description),
    modelMode: text(at(doc, "model", "mode")) || "currentPromptSnapshot",
    connectionRef: text(at(doc, "model", "connectionRef")),
    modelId: text(at(doc, "model", "modelId")),
    presentation: text(at(doc, "run", "presentation")) || "foreground",
    allow: strings(at(doc, "tools", "allow")),
    maxRounds: maxRounds === undefined ? "" : String(maxRounds),
    visibleRoots: strings(at(doc, "workspace", "visibleRoots")),
    writableRoots: strings(at(doc, "workspace", "writableRoots")),
    artifact: { id: text(first.id), path: text(first.path), kind: text(first.kind) },
    skillsVisible: strings(at(doc, "skills", "visible")),
    skillsDeny: strings(at(doc, "skills", "deny")),
    delegation: readDelegation(doc.delegation, doc.run),
  };
  const rest = structuredClone(doc) as Json;
  for (const path of FORM_PATHS) removePath(rest, path);
  return { form, restText: JSON.stringify(rest, null, 2) };
}

function removePath(doc: Json, path: readonly string[]): void {
  const [head, ...tail] = path;
  if (head === undefined || !(head in doc)) return;
  if (tail.length === 0) {
    delete doc[head];
    return;
  }
  const child = doc[head];
  if (!isObject(child)) return;
  removePath(child, tail);
  if (Object.keys(child).length === 0) delete doc[head];
}

/** The JSON editor's text is not one JSON object (code `client.json_invalid`; the message quotes the parser). */
export class DraftJsonError extends Error {
  readonly code = "client.json_invalid";
  constructor(message: string) {
    super(message);
    this.name = "DraftJsonError";
  }
}

/** Parses the JSON editor's text; it must be one JSON object. Throws DraftJsonError. */
export function parseRest(restText: string): Json {
  let parsed: unknown;
  try {
    parsed = JSON.parse(restText.trim() === "" ? "{}" : restText);
  } catch (error) {
    throw new DraftJsonError(i18n.t("profiles.editor.jsonNotValid", { reason: (error as Error).message }));
  }
  if (!isObject(parsed)) throw new DraftJsonError(i18n.t("profiles.editor.jsonNotObject"));
  return parsed;
}

function child(doc: Json, key: string): Json {
  const existing = doc[key];
  if (isObject(existing)) return existing;
  if (existing !== undefined) return {}; // a non-object the user typed: the form's keys replace it
  const created: Json = {};
  doc[key] = created;
  return created;
}

/**
 * The full document to save: header of `original` (schemaVersion, kind, id), the form fields, and
 * the JSON editor's object. Throws DraftJsonError when the JSON text is not an object.
 */
export function composeProfile(original: Pick<ProfileDocument, "id"> & Json, draft: ProfileDraft): ProfileDocument {
  const rest = parseRest(draft.restText);
  const { form } = draft;
  const doc: Json = {
    schemaVersion: original.schemaVersion ?? 3,
    kind: original.kind ?? "tauritavern.agentProfile",
    id: original.id,
    displayName: form.displayName,
  };
  if (form.description.trim() !== "") doc.description = form.description;
  // The header and the form win over the same keys typed into the JSON editor.
  for (const [key, value] of Object.entries(rest)) if (!(key in doc) && key !== "description") doc[key] = value;
  doc.model =
    form.modelMode === "connectionRef"
      ? {
          mode: form.modelMode,
          connectionRef: form.connectionRef,
          ...(form.modelId.trim() !== "" ? { modelId: form.modelId.trim() } : {}),
        }
      : { mode: form.modelMode };
  const run = child(doc, "run");
  run.presentation = form.presentation;
  run.directRunnable = form.delegation.directRunnable;
  doc.run = run;
  doc.delegation = writeDelegation(form.delegation);
  const tools = child(doc, "tools");
  tools.allow = [...form.allow];
  tools.maxRounds = numberOrText(form.maxRounds);
  doc.tools = tools;
  const workspace = child(doc, "workspace");
  workspace.visibleRoots = [...form.visibleRoots];
  workspace.writableRoots = [...form.writableRoots];
  doc.workspace = workspace;
  const output = child(doc, "output");
  const artifacts = at(original, "output", "artifacts");
  const firstOriginal =
    Array.isArray(artifacts) && isObject(artifacts[0])
      ? artifacts[0]
      : { target: "messageBody", required: false, assemblyOrder: 0 };
  const others = Array.isArray(artifacts) ? artifacts.slice(1) : [];
  output.artifacts = [
    { ...firstOriginal, id: form.artifact.id, path: form.artifact.path, kind: form.artifact.kind },
    ...others,
  ];
  doc.output = output;
  const skills = child(doc, "skills");
  skills.visible = [...form.skillsVisible];
  skills.deny = [...form.skillsDeny];
  doc.skills = skills;
  return doc as ProfileDocument;
}

/** Adds or removes `entry` from an allow list (added at the end; order otherwise kept). */
export function toggleEntry(list: readonly string[], entry: string, on: boolean): string[] {
  if (on) return list.includes(entry) ? [...list] : [...list, entry];
  return list.filter((item) => item !== entry);
}

/** Profile ids: lowercase ASCII letters, digits, `-` and `_`, 1–128 characters (docs/spec/profiles.md). */
export const PROFILE_ID_PATTERN = /^[a-z0-9_-]{1,128}$/;

/** A free id for a copy of `id`: `<id>-copy`, then `<id>-copy-2`, … (at most 128 characters). */
export function copyId(id: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? "-copy" : `-copy-${n}`;
    const candidate = `${id.slice(0, 128 - suffix.length)}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** A copy of `doc` under a new id and display name (everything else unchanged). */
export function copyDocument(doc: ProfileDocument, id: string, displayName: string): ProfileDocument {
  return { ...structuredClone(doc), id, displayName };
}

/** Which part of the editor a validation path (`$.tools.maxRounds`) points at. */
export function pathPlace(path: string): "form" | "json" | "header" {
  const parts = path
    .replace(/^\$\.?/, "")
    .split(/[.[\]]+/)
    .filter((p) => p !== "");
  if (parts.length === 0) return "json";
  if (["schemaVersion", "kind", "id"].includes(parts[0]!)) return "header";
  return FORM_PATHS.some((formPath) => formPath.every((key, i) => parts[i] === key)) ? "form" : "json";
}
