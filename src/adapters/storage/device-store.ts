/** SQLite rows for users' devices, pairing codes, socket tickets and auth failures (schema v1). */

import type { DeviceRecord, DeviceRepository } from "../../ports/device-repository";
import { rememberBounded } from "../../domain/bounded-map";
import type { HotRows } from "./hot-rows";

/** Most devices kept by token hash (a user has a handful; least recently read out first). */
const MAX_KEPT_DEVICES = 32;

/** A device row as stored (see DeviceRecord). */
export type DeviceRow = DeviceRecord;

function toDevice(row: Record<string, SqlStorageValue>): DeviceRow {
  return {
    id: String(row.id),
    name: String(row.name),
    tokenHash: String(row.token_hash),
    createdAt: Number(row.created_at),
    lastSeenAt: row.last_seen_at === null ? null : Number(row.last_seen_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  };
}

/** Storage of devices and short-lived credentials in the user's Durable Object. */
export class SqlDeviceStore implements DeviceRepository {
  /**
   * The user id once read: it is written once at setup (`INSERT OR IGNORE`) and only removed with
   * every row by account deletion, which also drops this store (the object's memos are cleared).
   * Saves a SQLite read on every authenticated call (docs/decisions/3150).
   */
  private knownUserId: string | null = null;
  /**
   * Devices read by token hash, kept in the object's HotRows (`keep("devices-by-token-hash")`):
   * every authenticated call looks its device up, and the rows change only through this store,
   * whose writes drop them, or with a rolled-back transaction, which HotRows drops them for
   * (docs/decisions/3650). Unknown hashes are never kept.
   */
  private readonly devices: Map<string, DeviceRow> | null;

  constructor(
    private readonly sql: SqlStorage,
    hot?: HotRows,
  ) {
    this.devices = hot ? hot.keep<DeviceRow>("devices-by-token-hash") : null;
  }

  userId(): string | null {
    if (this.knownUserId !== null) return this.knownUserId;
    const row = this.sql.exec("SELECT value FROM te_meta WHERE key = 'user_id'").toArray()[0];
    this.knownUserId = row ? String(row.value) : null;
    return this.knownUserId;
  }

  initUser(userId: string, now: number): void {
    this.sql.exec(
      "INSERT OR IGNORE INTO te_meta(key, value) VALUES('user_id', ?), ('created_at', ?)",
      userId,
      String(now),
    );
  }

  insertDevice(device: DeviceRow): void {
    this.sql.exec(
      "INSERT INTO te_devices(id, name, token_hash, created_at, last_seen_at, revoked_at) VALUES(?, ?, ?, ?, ?, ?)",
      device.id,
      device.name,
      device.tokenHash,
      device.createdAt,
      device.lastSeenAt,
      device.revokedAt,
    );
    this.devices?.clear();
  }

  byTokenHash(tokenHash: string): DeviceRow | null {
    const known = this.devices?.get(tokenHash);
    if (known) return known;
    const row = this.sql.exec("SELECT * FROM te_devices WHERE token_hash = ?", tokenHash).toArray()[0];
    const device = row ? toDevice(row) : null;
    if (device && this.devices) rememberBounded(this.devices, tokenHash, device, MAX_KEPT_DEVICES);
    return device;
  }

  byId(id: string): DeviceRow | null {
    const row = this.sql.exec("SELECT * FROM te_devices WHERE id = ?", id).toArray()[0];
    return row ? toDevice(row) : null;
  }

  list(): DeviceRow[] {
    return this.sql.exec("SELECT * FROM te_devices ORDER BY created_at, id").toArray().map(toDevice);
  }

  rename(id: string, name: string): void {
    this.sql.exec("UPDATE te_devices SET name = ? WHERE id = ?", name, id);
    this.devices?.clear();
  }

  revoke(id: string, at: number): void {
    this.sql.exec("UPDATE te_devices SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", at, id);
    this.devices?.clear();
  }

  touch(id: string, at: number): void {
    this.sql.exec("UPDATE te_devices SET last_seen_at = ? WHERE id = ?", at, id);
    this.devices?.clear();
  }

  insertPairingCode(hash: string, createdBy: string, expiresAt: number): void {
    this.sql.exec(
      "INSERT INTO te_pairing_codes(hash, created_by, expires_at) VALUES(?, ?, ?)",
      hash,
      createdBy,
      expiresAt,
    );
  }

  /** Deletes and returns the code's expiry and creator (single use), or null when unknown. */
  takePairingCode(hash: string): { expiresAt: number; createdBy: string } | null {
    const row = this.sql
      .exec("DELETE FROM te_pairing_codes WHERE hash = ? RETURNING expires_at, created_by", hash)
      .toArray()[0];
    return row ? { expiresAt: Number(row.expires_at), createdBy: String(row.created_by) } : null;
  }

  dropCredentialsOf(deviceId: string): void {
    this.sql.exec("DELETE FROM te_pairing_codes WHERE created_by = ?", deviceId);
    this.sql.exec("DELETE FROM te_ws_tickets WHERE device_id = ?", deviceId);
  }

  insertTicket(hash: string, deviceId: string, expiresAt: number): void {
    this.sql.exec("INSERT INTO te_ws_tickets(hash, device_id, expires_at) VALUES(?, ?, ?)", hash, deviceId, expiresAt);
  }

  /** Deletes and returns the ticket (single use), or null when unknown. */
  takeTicket(hash: string): { deviceId: string; expiresAt: number } | null {
    const row = this.sql
      .exec("DELETE FROM te_ws_tickets WHERE hash = ? RETURNING device_id, expires_at", hash)
      .toArray()[0];
    return row ? { deviceId: String(row.device_id), expiresAt: Number(row.expires_at) } : null;
  }

  /** Removes expired codes and tickets and old failures; returns the soonest remaining expiry or null. */
  purgeExpired(now: number): number | null {
    this.sql.exec("DELETE FROM te_pairing_codes WHERE expires_at <= ?", now);
    this.sql.exec("DELETE FROM te_ws_tickets WHERE expires_at <= ?", now);
    this.sql.exec("DELETE FROM te_auth_failures WHERE at <= ?", now - 60 * 60 * 1000);
    const row = this.sql
      .exec(
        "SELECT MIN(e) AS next FROM (SELECT expires_at AS e FROM te_pairing_codes UNION ALL SELECT expires_at FROM te_ws_tickets)",
      )
      .one();
    return row.next === null ? null : Number(row.next);
  }

  recordFailure(kind: string, at: number, client: string): void {
    this.sql.exec("INSERT INTO te_auth_failures(kind, at, client) VALUES(?, ?, ?)", kind, at, client);
  }

  failuresSince(since: number, client: string): number {
    return Number(
      this.sql.exec("SELECT COUNT(*) AS n FROM te_auth_failures WHERE client = ? AND at > ?", client, since).one().n,
    );
  }
}
