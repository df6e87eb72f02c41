/** Skill shapes of docs/api.md "Skills". */
export interface SkillEntry {
  scope: string;
  name: string;
  description: string;
  displayName?: string;
  license?: string;
  author?: string;
  version?: string;
  tags: string[];
  installedHash: string;
  fileCount: number;
  totalBytes: number;
  hasScripts: boolean;
  hasBinary: boolean;
  installedAt: number;
}

export interface SkillFile {
  path: string;
  sha256: string;
  sizeBytes: number;
  kind: "text" | "binary";
  mediaType: string;
}

export interface SkillWarning {
  code: string;
  message: string;
  path?: string;
}

export interface SkillPreview {
  previewId: string;
  targetScope: string;
  name: string;
  description: string;
  hash: string;
  files: SkillFile[];
  fileCount: number;
  totalBytes: number;
  hasScripts: boolean;
  hasBinary: boolean;
  warnings: SkillWarning[];
  conflict: { kind: "new" | "same" | "different"; installedHash?: string };
  expiresAt: number;
}

export interface InstallResult {
  scope: string;
  name: string;
  action: "installed" | "replaced" | "already_installed" | "skipped";
  skill: SkillEntry | null;
}
