/**
 * The run manifest (docs/spec/workspace.md §1 `manifest.json`): version, identity, input paths, resolved
 * roots, the artifact list (exactly one `message_body` artifact) and the commit policy.
 */
import { AppError } from "../errors";
import { normalizeWorkspacePath } from "./paths";
import { requireWritable, type WorkspaceRoot } from "./roots";

/** `chatRef` as the agent API carries it (docs/spec/agent-runtime.md §2); opaque to the workspace. */
export type ChatRef = Record<string, unknown>;

/** docs/spec/workspace.md §1 ArtifactSpec (only `message_body` is implemented). */
export interface ArtifactSpec {
  id: string;
  path: string;
  kind: string;
  target: "message_body";
  required: boolean;
  assemblyOrder: number;
}

/** docs/spec/workspace.md §1 manifest. `createdAt` is RFC 3339 UTC. */
export interface WorkspaceManifest {
  workspaceVersion: 1;
  runId: string;
  stableChatId: string;
  chatRef: ChatRef;
  createdAt: string;
  input: { mode: "prompt_snapshot"; promptSnapshotPath: string; resolvedProfilePath: string };
  roots: WorkspaceRoot[];
  artifacts: ArtifactSpec[];
  commitPolicy: { defaultTarget: "message_body"; storeArtifactsInExtra: boolean };
}

/** Default messageBody artifact path. */
export const DEFAULT_MESSAGE_BODY_PATH = "output/main.md";

/**
 * Builds the manifest. `messageBodyPath` (default `output/main.md`) must be a writable path.
 * @throws AppError `workspace.invalid_artifact`.
 */
export function buildManifest(input: {
  runId: string;
  stableChatId: string;
  chatRef: ChatRef;
  createdAt: number;
  roots: WorkspaceRoot[];
  messageBodyPath?: string;
}): WorkspaceManifest {
  let path: string;
  try {
    path = normalizeWorkspacePath(input.messageBodyPath ?? DEFAULT_MESSAGE_BODY_PATH);
    requireWritable(path, input.roots);
  } catch (error) {
    throw new AppError(
      "workspace.invalid_artifact",
      `The message body artifact path is not usable: ${(error as Error).message}`,
    );
  }
  return {
    workspaceVersion: 1,
    runId: input.runId,
    stableChatId: input.stableChatId,
    chatRef: input.chatRef,
    createdAt: new Date(input.createdAt).toISOString(),
    input: {
      mode: "prompt_snapshot",
      promptSnapshotPath: "input/prompt_snapshot.json",
      resolvedProfilePath: "input/resolved_profile.json",
    },
    roots: input.roots,
    artifacts: [{ id: "main", path, kind: "markdown", target: "message_body", required: true, assemblyOrder: 0 }],
    commitPolicy: { defaultTarget: "message_body", storeArtifactsInExtra: false },
  };
}
