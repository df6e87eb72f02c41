/**
 * ModelConnectionService: the user's model connections (issue [model-gateway], docs/spec/hosted.md
 * §9): create, list, update, delete, one default, "test connection", and resolving a
 * connection (by id, or the default) into a ModelGateway for the agent runtime.
 *
 * The API key is sealed with the SecretCipher (aad `model-connection:<id>:apiKey`), shown only as
 * `apiKeyHint`, never logged or echoed in errors.
 *
 * Error codes: `model.connection_not_found` (404, no connection with this id),
 * `model.no_default_connection` (404, no id given and no connection is the default),
 * `model.connection_limit_exceeded` (400, more than 50), `input.invalid` (400),
 * `secrets.key_unavailable` (503), `secrets.key_mismatch` (409), and the ModelError codes of a
 * failed test (see ports/model-gateway.ts).
 * Frames: `model.connection_changed {connection}`, `model.connection_removed {id}` to every socket.
 */
import { AppError } from "../../domain/errors";
import { rememberBounded } from "../../domain/bounded-map";
import { randomSecret } from "../../domain/ids";
import {
  CONNECTION_LIMITS,
  apiKeyHint,
  checkApiKey,
  checkApiKeyChars,
  missingApiKeyLabel,
  normalizeBaseUrl,
  normalizeConnectionName,
  normalizeModelId,
  toConnectionView,
  type ConnectionDefaults,
  type ModelConnectionRecord,
  type ModelConnectionView,
  type ModelProvider,
  type ResolvedConnection,
} from "../../domain/models/connection";
import { checkContextSettings, contextBudget, type ContextBudget } from "../../domain/models/context-budget";
import { ModelError } from "../../domain/models/errors";
import type { ModelConnectionRepository, StoredModelConnection } from "../../ports/model-connection-repository";
import type { ModelGateway } from "../../ports/model-gateway";
import type { SealedSecret, SecretCipher } from "../../ports/secret-cipher";
import type { Clock, SocketHub } from "../../ports/space";
import type { ConnectionTestResult } from "../../contracts/connection-views";

/** Builds the gateway of a resolved connection (the llm adapter; injected by composition). */
export type ModelGatewayFactory = (connection: ResolvedConnection) => ModelGateway;

/** Body of POST /connections (already shape-checked by the HTTP contract). */
export interface CreateConnectionInput {
  name: string;
  provider: ModelProvider;
  baseUrl?: string | null;
  apiKey: string;
  modelId: string;
  defaults?: ConnectionDefaults;
  /** Context window, tokens (null/absent = DEFAULT_CONTEXT_TOKENS). */
  contextTokens?: number | null;
  /** Reply reserve and limit, tokens (null/absent = the defaults' maxOutputTokens or 1,024 reserved). */
  maxOutputTokens?: number | null;
  isDefault?: boolean;
}

/** Body of PATCH /connections/:id: absent fields are unchanged; `apiKey` replaces the key. */
export type UpdateConnectionInput = Partial<CreateConnectionInput>;

/** Result of "test connection". */
export type { ConnectionTestResult };

const aad = (id: string) => `model-connection:${id}:apiKey`;

export class ModelConnectionService {
  /**
   * API keys in clear by their exact envelope and aad (a new key is a new envelope: a fresh IV), so
   * every model step of a run does not decrypt the same key again (docs/decisions/3101). Bounded.
   */
  private readonly openedKeys = new Map<string, string>();
  /**
   * Gateways by everything they are built from (the resolved connection, with the model id used),
   * so a run's model steps do not build the provider's SDK model again each time (issue 31: that
   * was half a millisecond per round). A changed connection resolves to a new key. Bounded.
   */
  private readonly gateways = new Map<string, ModelGateway>();

  constructor(
    private readonly repo: ModelConnectionRepository,
    private readonly cipher: SecretCipher,
    private readonly clock: Clock,
    private readonly sockets: SocketHub,
    private readonly gatewayFactory: ModelGatewayFactory,
    /** Time limit of "Test connection", ms (default 30 s). */
    private readonly testTimeoutMs: number = 30_000,
  ) {}

  /** Every connection, oldest first; a key sealed under another DATA_KEY is flagged, not dropped. */
  async list(): Promise<ModelConnectionView[]> {
    const views: ModelConnectionView[] = [];
    for (const stored of this.repo.list()) views.push(toConnectionView(stored.record, !(await this.keyOpens(stored))));
    return views;
  }

  /** One connection. `model.connection_not_found`. */
  async get(id: string): Promise<ModelConnectionView> {
    const stored = this.require(id);
    return toConnectionView(stored.record, !(await this.keyOpens(stored)));
  }

  /** Creates a connection. The first one (or one with `isDefault`) becomes the default. */
  async create(input: CreateConnectionInput): Promise<ModelConnectionView> {
    const now = this.clock.now();
    const apiKey = checkApiKey(input.provider, input.apiKey);
    checkContextSettings(input.contextTokens ?? null, input.maxOutputTokens ?? null);
    const id = `conn_${randomSecret(12)}`;
    const record: ModelConnectionRecord = {
      id,
      name: normalizeConnectionName(input.name),
      provider: input.provider,
      baseUrl: normalizeBaseUrl(input.provider, input.baseUrl),
      modelId: normalizeModelId(input.modelId),
      defaults: input.defaults ?? {},
      contextTokens: input.contextTokens ?? null,
      maxOutputTokens: input.maxOutputTokens ?? null,
      isDefault: false,
      apiKeyHint: apiKeyHint(apiKey),
      createdAt: now,
      updatedAt: now,
    };
    const sealed = await this.cipher.seal(apiKey, aad(id));
    if (this.repo.count() >= CONNECTION_LIMITS.perUser) {
      throw new AppError(
        "model.connection_limit_exceeded",
        `A user can have at most ${CONNECTION_LIMITS.perUser} model connections. Delete one first.`,
      );
    }
    this.repo.insert({ record, apiKey: sealed });
    if (input.isDefault === true || this.repo.getDefault() === null) this.repo.setDefault(id);
    return this.changed(id);
  }

  /** Updates fields; `isDefault: true` moves the default here, `false` clears it when it is here. */
  async update(id: string, input: UpdateConnectionInput): Promise<ModelConnectionView> {
    const current = this.require(id);
    const provider = input.provider ?? current.record.provider;
    const apiKey = input.apiKey === undefined ? undefined : checkApiKey(provider, input.apiKey);
    const baseUrl =
      input.baseUrl !== undefined || input.provider !== undefined
        ? normalizeBaseUrl(provider, input.baseUrl === undefined ? current.record.baseUrl : input.baseUrl)
        : current.record.baseUrl;
    const record: ModelConnectionRecord = {
      ...current.record,
      name: input.name === undefined ? current.record.name : normalizeConnectionName(input.name),
      provider,
      baseUrl,
      modelId: input.modelId === undefined ? current.record.modelId : normalizeModelId(input.modelId),
      defaults: input.defaults ?? current.record.defaults,
      contextTokens: input.contextTokens === undefined ? current.record.contextTokens : input.contextTokens,
      maxOutputTokens: input.maxOutputTokens === undefined ? current.record.maxOutputTokens : input.maxOutputTokens,
      apiKeyHint: apiKey === undefined ? current.record.apiKeyHint : apiKeyHint(apiKey),
      updatedAt: this.clock.now(),
    };
    checkContextSettings(record.contextTokens, record.maxOutputTokens);
    const sealed = apiKey === undefined ? current.apiKey : await this.cipher.seal(apiKey, aad(id));
    this.require(id);
    this.repo.update({ record, apiKey: sealed });
    if (input.isDefault === true) this.repo.setDefault(id);
    if (input.isDefault === false && current.record.isDefault) this.repo.setDefault(null);
    return this.changed(id);
  }

  /** Deletes a connection (the default too: then there is no default until one is chosen). */
  delete(id: string): { id: string; deleted: true } {
    if (!this.repo.delete(id)) throw notFound(id);
    this.sockets.broadcast({ type: "model.connection_removed", id });
    return { id, deleted: true };
  }

  /**
   * The connection `id` (or the default when `id` is undefined) with its key opened.
   * `model.connection_not_found`, `model.api_key_missing` (restored without its key),
   * `secrets.key_mismatch`, `secrets.key_unavailable`.
   */
  async resolve(id?: string): Promise<ResolvedConnection> {
    const stored = id === undefined ? this.repo.getDefault() : this.repo.get(id);
    if (!stored) {
      throw id === undefined
        ? new AppError(
            "model.no_default_connection",
            "There is no default model connection. Add a connection or mark one as the default.",
          )
        : notFound(id);
    }
    const { record } = stored;
    // A key saved before the printable-ASCII rule must not be sent garbled (model.api_key_invalid).
    const apiKey = checkApiKeyChars(await this.openStoredKey(stored));
    return {
      id: record.id,
      provider: record.provider,
      baseUrl: record.baseUrl,
      modelId: record.modelId,
      apiKey,
      defaults: record.defaults,
    };
  }

  /**
   * The context budget of connection `id` (or the default): window, reply reserve, prompt tokens.
   * `model.connection_not_found`.
   */
  budget(id?: string): ContextBudget & { connectionId: string } {
    const stored = id === undefined ? this.repo.getDefault() : this.repo.get(id);
    if (!stored)
      throw id === undefined
        ? new AppError(
            "model.no_default_connection",
            "There is no default model connection. Add a connection or mark one as the default.",
          )
        : notFound(id);
    const { record } = stored;
    return {
      connectionId: record.id,
      ...contextBudget(record.contextTokens, record.maxOutputTokens, record.defaults),
    };
  }

  /**
   * A ModelGateway bound to connection `id` (or the default). `modelId` (optional) replaces the
   * connection's model id (an Agent profile's `connectionRef` + `modelId`, docs/spec/profiles.md);
   * it must be 1–200 chars after trimming (`input.invalid`). Same errors as resolve.
   */
  async gateway(id?: string, modelId?: string): Promise<ModelGateway> {
    const resolved = await this.resolve(id);
    const connection = modelId === undefined ? resolved : { ...resolved, modelId: normalizeModelId(modelId) };
    const key = JSON.stringify(connection);
    const known = this.gateways.get(key);
    if (known) return known;
    const gateway = this.gatewayFactory(connection);
    rememberBounded(this.gateways, key, gateway, 16);
    return gateway;
  }

  /**
   * "Test connection": a one-token (Responses: 16, its minimum), non-streamed request. A reply cut at the token limit counts as
   * success. Raises the provider's error as a ModelError (code, message, status) otherwise.
   */
  async test(id: string, signal?: AbortSignal): Promise<ConnectionTestResult> {
    const gateway = await this.gateway(id);
    const started = this.clock.now();
    try {
      await gateway.step(
        {
          messages: [{ role: "user", parts: [{ type: "text", text: "Reply with the single word OK." }] }],
          settings: { maxOutputTokens: gateway.provider === "openai-responses" ? 16 : 1, temperature: 0 },
        },
        { stream: false, signal, timeoutMs: this.testTimeoutMs },
      );
    } catch (error) {
      if (!(error instanceof ModelError && error.code === "model.output_truncated")) throw error;
    }
    return { ok: true, latencyMs: Math.max(0, this.clock.now() - started), modelId: gateway.modelId };
  }

  /**
   * The connection's key in clear. A key that does not open because a restore left none
   * (sealed under missingApiKeyLabel) is `model.api_key_missing`, not a DATA_KEY mismatch.
   */
  private async openStoredKey(stored: StoredModelConnection): Promise<string> {
    try {
      return await this.openKey(stored.apiKey, aad(stored.record.id));
    } catch (error) {
      const restoredWithoutKey = await this.cipher
        .open(stored.apiKey, missingApiKeyLabel(stored.record.id))
        .then(() => true)
        .catch(() => false);
      if (!restoredWithoutKey) throw error;
      throw new AppError(
        "model.api_key_missing",
        `The connection "${stored.record.name}" has no API key: it was restored from an export without secrets. Enter the key again in Settings → Connections.`,
        { connectionId: stored.record.id },
      );
    }
  }

  /** `cipher.open(sealed, aadText)`, remembered per envelope (a failure is not). */
  private async openKey(sealed: SealedSecret, aadText: string): Promise<string> {
    const key = `${aadText}|${sealed.kid}|${sealed.iv}|${sealed.ct}`;
    const known = this.openedKeys.get(key);
    if (known !== undefined) return known;
    const opened = await this.cipher.open(sealed, aadText);
    rememberBounded(this.openedKeys, key, opened, 32);
    return opened;
  }

  private require(id: string): StoredModelConnection {
    const stored = this.repo.get(id);
    if (!stored) throw notFound(id);
    return stored;
  }

  private async changed(id: string): Promise<ModelConnectionView> {
    const view = toConnectionView(this.require(id).record);
    this.sockets.broadcast({ type: "model.connection_changed", connection: view });
    return view;
  }

  private async keyOpens(stored: StoredModelConnection): Promise<boolean> {
    if (!this.cipher.available) return false;
    try {
      await this.cipher.open(stored.apiKey, aad(stored.record.id));
      return true;
    } catch {
      return false;
    }
  }
}

function notFound(id: string): AppError {
  return new AppError("model.connection_not_found", "No model connection with this id.", { connectionId: id });
}
