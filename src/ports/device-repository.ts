/** Port: persistence of devices and short-lived credentials (implemented by adapters/storage/device-store). */

/** A stored device. `tokenHash` is SHA-256 hex of the token secret. Times are ms epoch. */
export interface DeviceRecord {
  id: string;
  name: string;
  tokenHash: string;
  createdAt: number;
  lastSeenAt: number | null;
  revokedAt: number | null;
}

export interface DeviceRepository {
  userId(): string | null;
  initUser(userId: string, now: number): void;
  insertDevice(device: DeviceRecord): void;
  byTokenHash(tokenHash: string): DeviceRecord | null;
  byId(id: string): DeviceRecord | null;
  list(): DeviceRecord[];
  rename(id: string, name: string): void;
  revoke(id: string, at: number): void;
  touch(id: string, at: number): void;
  insertPairingCode(hash: string, createdBy: string, expiresAt: number): void;
  /** Deletes the code (single use); its expiry and the device that created it, or null when unknown. */
  takePairingCode(hash: string): { expiresAt: number; createdBy: string } | null;
  /** Deletes the pairing codes a device created and the socket tickets issued to it (revocation). */
  dropCredentialsOf(deviceId: string): void;
  insertTicket(hash: string, deviceId: string, expiresAt: number): void;
  takeTicket(hash: string): { deviceId: string; expiresAt: number } | null;
  /** Drops expired codes/tickets; returns the soonest remaining expiry (ms) or null. */
  purgeExpired(now: number): number | null;
  /** Records a failed attempt from `client` (a rate-limit key, domain/auth/client-key.ts). */
  recordFailure(kind: string, at: number, client: string): void;
  /** Failed attempts from `client` after `since` (ms epoch). */
  failuresSince(since: number, client: string): number;
}
