/**
 * DeviceService: users' devices, device tokens, pairing codes and socket tickets
 * (docs/spec/hosted.md §2). Only SHA-256 of a secret is stored; comparisons are constant-time
 * on the digests; failed attempts are rate-limited per client address (AUTH_FAILURE_LIMIT per
 * window and client key, docs/spec/hardening.md "Credential rate limits"), so an outsider's wrong
 * guesses never lock the owner out. A pairing code dies with the device that created it.
 *
 * Error codes: auth.token_invalid (401), auth.token_revoked (401), auth.rate_limited (429),
 * auth.pairing_code_invalid (401), auth.pairing_code_expired (401), auth.ticket_invalid (401),
 * device.not_found (404), input.invalid (400).
 */
import { AppError } from "../../domain/errors";
import { rememberBounded } from "../../domain/bounded-map";
import {
  AUTH_FAILURE_LIMIT,
  AUTH_FAILURE_WINDOW_MS,
  PAIRING_CODE_TTL_MS,
  WS_TICKET_TTL_MS,
  formatDeviceToken,
  parseDeviceToken,
  parseRoutedSecret,
} from "../../domain/auth/credentials";
import { LOCAL_CLIENT_KEY } from "../../domain/auth/client-key";
import { randomSecret, sha256Hex, timingSafeEqualText } from "../../domain/ids";
import type { DeviceRecord, DeviceRepository } from "../../ports/device-repository";
import type { Clock, Scheduler, SocketHub } from "../../ports/space";
import type { DeviceView, IssuedDevice } from "../../contracts/device-views";

/** Scheduler job kind that drops expired codes and tickets. */
export const PURGE_JOB = "auth.purge";

/** A device as the API shows it (never the token hash), and what setup, recover and pair return. */
export type { DeviceView, IssuedDevice };

/** Device names: 1..80 chars after trimming. */
export function normalizeDeviceName(name: unknown): string {
  const text = typeof name === "string" ? name.trim() : "";
  if (text.length === 0 || text.length > 80) {
    throw new AppError("input.invalid", "A device name must be 1 to 80 characters.", { field: "deviceName" });
  }
  return text;
}

export function toDeviceView(device: DeviceRecord, currentId?: string): DeviceView {
  return {
    id: device.id,
    name: device.name,
    createdAt: new Date(device.createdAt).toISOString(),
    lastSeenAt: device.lastSeenAt === null ? null : new Date(device.lastSeenAt).toISOString(),
    revoked: device.revokedAt !== null,
    ...(currentId === undefined ? {} : { current: device.id === currentId }),
  };
}

/** How many verified token hashes a user's object remembers (a user has a handful of devices). */
const TOKEN_HASH_MEMO = 32;

export class DeviceService {
  /**
   * SHA-256 of recently verified token secrets (at most TOKEN_HASH_MEMO): the hash of a secret never
   * changes, so a device's requests after the first skip the digest; the device row is still read
   * from SQLite on every call (revocation is seen at once). Only secrets that matched a device are kept.
   */
  private readonly verifiedHashes = new Map<string, string>();

  constructor(
    private readonly repo: DeviceRepository,
    private readonly clock: Clock,
    private readonly sockets: SocketHub,
    private readonly scheduler: Scheduler,
  ) {}

  /** Creates the user (first call only) and its first device. */
  async createUser(userId: string, deviceName: string): Promise<IssuedDevice> {
    this.repo.initUser(userId, this.clock.now());
    return this.issueDevice(userId, deviceName);
  }

  /** Issues a new device (setup, recover, pair). */
  async issueDevice(userId: string, deviceName: string): Promise<IssuedDevice> {
    const name = normalizeDeviceName(deviceName);
    const secret = randomSecret(32);
    const device: DeviceRecord = {
      id: `dev_${randomSecret(12)}`,
      name,
      tokenHash: await sha256Hex(secret),
      createdAt: this.clock.now(),
      // Issuing a token is a sign-in: the new device was seen now.
      lastSeenAt: this.clock.now(),
      revokedAt: null,
    };
    this.repo.insertDevice(device);
    this.sockets.broadcast({ type: "device.changed", device: toDeviceView(device) });
    return { userId, deviceId: device.id, deviceToken: formatDeviceToken(userId, secret) };
  }

  /**
   * Verifies a device token for this user. A valid token is accepted even while the user is
   * rate-limited (so guessing cannot lock the owner out); a wrong one then gets auth.rate_limited.
   * @returns the device id.
   */
  async authenticate(token: string, client: string = LOCAL_CLIENT_KEY): Promise<string> {
    const parsed = parseDeviceToken(token);
    const userId = this.repo.userId();
    if (!parsed || userId === null || !timingSafeEqualText(parsed.userId, userId)) {
      throw new AppError("auth.token_invalid", "This device token is not valid.");
    }
    const hash = await this.tokenHash(parsed.secret);
    const device = this.repo.byTokenHash(hash);
    if (!device || !timingSafeEqualText(device.tokenHash, hash)) {
      this.failAttempt("token", client);
      throw new AppError("auth.token_invalid", "This device token is not valid.");
    }
    if (device.revokedAt !== null)
      throw new AppError("auth.token_revoked", "This device was signed out; pair it again.");
    const now = this.clock.now();
    if (device.lastSeenAt === null || now - device.lastSeenAt > 60_000) this.repo.touch(device.id, now);
    return device.id;
  }

  list(currentId?: string): DeviceView[] {
    return this.repo.list().map((device) => toDeviceView(device, currentId));
  }

  /** The SHA-256 hex of a token secret (memoized for secrets that matched a device). */
  private async tokenHash(secret: string): Promise<string> {
    const known = this.verifiedHashes.get(secret);
    if (known !== undefined) return known;
    const hash = await sha256Hex(secret);
    if (this.repo.byTokenHash(hash)) rememberBounded(this.verifiedHashes, secret, hash, TOKEN_HASH_MEMO);
    return hash;
  }

  /** Renames a device. A revoked device cannot be renamed (`device.revoked`, 409). */
  rename(deviceId: string, name: string): DeviceView {
    const device = this.requireDevice(deviceId);
    if (device.revokedAt !== null)
      throw new AppError("device.revoked", "This device was revoked; it can no longer be renamed.", { deviceId });
    this.repo.rename(device.id, normalizeDeviceName(name));
    const view = toDeviceView(this.requireDevice(deviceId));
    this.sockets.broadcast({ type: "device.changed", device: view });
    return view;
  }

  /**
   * Revokes a device: its token fails at once, every socket it has open closes (4001), and the
   * pairing codes it created and the socket tickets issued to it are deleted.
   */
  revoke(deviceId: string): DeviceView {
    const device = this.requireDevice(deviceId);
    this.repo.revoke(device.id, this.clock.now());
    this.repo.dropCredentialsOf(device.id);
    const view = toDeviceView(this.requireDevice(deviceId));
    this.sockets.broadcast({ type: "device.revoked", deviceId: device.id, device: view });
    this.sockets.closeDevice(device.id, "device revoked");
    return view;
  }

  /** A single-use pairing code `<userId>.<secret>` valid for 10 minutes. */
  async createPairingCode(userId: string, createdBy: string): Promise<{ code: string; expiresAt: string }> {
    const secret = randomSecret(16);
    const expiresAt = this.clock.now() + PAIRING_CODE_TTL_MS;
    this.repo.insertPairingCode(await sha256Hex(secret), createdBy, expiresAt);
    this.scheduler.schedule(PURGE_JOB, "all", expiresAt + 1000);
    return { code: `${userId}.${secret}`, expiresAt: new Date(expiresAt).toISOString() };
  }

  /**
   * Redeems a pairing code for a new device. `client` is the caller's rate-limit key: a client over
   * the limit is refused every attempt (`auth.rate_limited`); other clients, the owner among them,
   * are not affected. A code whose creating device was revoked (or no longer exists) is invalid.
   * Errors: input.invalid, auth.rate_limited, auth.pairing_code_invalid, auth.pairing_code_expired.
   */
  async pair(code: string, deviceName: string, client: string = LOCAL_CLIENT_KEY): Promise<IssuedDevice> {
    const name = normalizeDeviceName(deviceName);
    this.assertNotRateLimited(client);
    const parsed = parseRoutedSecret(code);
    const userId = this.repo.userId();
    const taken =
      parsed && userId !== null && parsed.userId === userId
        ? this.repo.takePairingCode(await sha256Hex(parsed.secret))
        : null;
    const creator = taken ? this.repo.byId(taken.createdBy) : null;
    if (!taken || !creator || creator.revokedAt !== null) {
      this.failAttempt("pairing", client);
      throw new AppError(
        "auth.pairing_code_invalid",
        "This pairing code is not valid or was already used. Create a new one on a signed-in device.",
      );
    }
    if (taken.expiresAt <= this.clock.now()) {
      throw new AppError(
        "auth.pairing_code_expired",
        "This pairing code has expired. Create a new one on a signed-in device.",
      );
    }
    return this.issueDevice(userId!, name);
  }

  /** A single-use socket ticket `<userId>.<secret>` valid for 60 s. */
  async createTicket(userId: string, deviceId: string): Promise<{ ticket: string; expiresAt: string }> {
    const secret = randomSecret(24);
    const expiresAt = this.clock.now() + WS_TICKET_TTL_MS;
    this.repo.insertTicket(await sha256Hex(secret), deviceId, expiresAt);
    this.scheduler.schedule(PURGE_JOB, "all", expiresAt + 1000);
    return { ticket: `${userId}.${secret}`, expiresAt: new Date(expiresAt).toISOString() };
  }

  /**
   * Consumes a socket ticket; returns the device id it was issued to. A valid ticket is accepted
   * even while the user is rate-limited (it was minted for an authenticated device, so an outsider's
   * failed guesses cannot take the owner's live sync offline); a failing one then gets
   * auth.rate_limited.
   */
  async consumeTicket(ticket: string, client: string = LOCAL_CLIENT_KEY): Promise<string> {
    const parsed = parseRoutedSecret(ticket);
    const taken =
      parsed && parsed.userId === this.repo.userId() ? this.repo.takeTicket(await sha256Hex(parsed.secret)) : null;
    if (!taken || taken.expiresAt <= this.clock.now()) {
      this.assertNotRateLimited(client);
      this.failAttempt("ticket", client);
      throw new AppError("auth.ticket_invalid", "This socket ticket is not valid, expired or was already used.");
    }
    const device = this.repo.byId(taken.deviceId);
    if (!device || device.revokedAt !== null) throw new AppError("auth.token_revoked", "This device was signed out.");
    return device.id;
  }

  /** Housekeeping job: drops expired codes and tickets, then re-schedules itself for the next expiry. */
  purgeExpired(): void {
    const next = this.repo.purgeExpired(this.clock.now());
    if (next !== null) this.scheduler.schedule(PURGE_JOB, "all", next + 1000);
  }

  private requireDevice(deviceId: string): DeviceRecord {
    const device = this.repo.byId(deviceId);
    if (!device) throw new AppError("device.not_found", "No device with this id.", { deviceId });
    return device;
  }

  private assertNotRateLimited(client: string): void {
    if (this.repo.failuresSince(this.clock.now() - AUTH_FAILURE_WINDOW_MS, client) >= AUTH_FAILURE_LIMIT) {
      throw new AppError("auth.rate_limited", "Too many failed attempts. Wait a minute and try again.");
    }
  }

  private failAttempt(kind: string, client: string): void {
    const now = this.clock.now();
    this.repo.recordFailure(kind, now, client);
    if (this.repo.failuresSince(now - AUTH_FAILURE_WINDOW_MS, client) > AUTH_FAILURE_LIMIT) {
      throw new AppError("auth.rate_limited", "Too many failed attempts. Wait a minute and try again.");
    }
  }
}
