/**
 * What the registry remembers per decoded record (docs/decisions/3100): the store hands back the
 * same frozen object while a row is unchanged, so a record's opened secrets, its summary and its
 * opened registration are built once and found again by identity; a changed row is a new object,
 * hence a new key (WeakMaps: nothing outlives its record). A failed opening is not remembered.
 */
import type { SecretCipher } from "../../ports/secret-cipher";
import type { StoredRegistration } from "../../ports/mcp-registration-repository";
import { registrationOf, summaryOf, type OpenedRegistration } from "./registry-records";
import { openConnection } from "./registry-secrets";
import type { McpRegistrationSummary } from "./registry-views";

/** A record's secrets in clear (frozen; shared by every reader of that record). */
export type OpenedSecrets = Readonly<{ endpoint: string; headers: Readonly<Record<string, string>> }>;

export class RegistryMemo {
  private readonly secrets = new WeakMap<StoredRegistration, Promise<OpenedSecrets>>();
  private readonly summaries = new WeakMap<StoredRegistration, McpRegistrationSummary>();
  private readonly opened = new WeakMap<OpenedSecrets, OpenedRegistration>();

  constructor(private readonly cipher: SecretCipher) {}

  /** The record's secrets in clear, opened once per record object. Errors: registry-secrets.ts's `secrets.*`. */
  openSecrets(record: StoredRegistration): Promise<OpenedSecrets> {
    let opened = this.secrets.get(record);
    if (!opened) {
      opened = openConnection(this.cipher, record).then((secrets) =>
        Object.freeze({ endpoint: secrets.endpoint, headers: Object.freeze(secrets.headers) }),
      );
      opened.catch(() => this.secrets.delete(record));
      this.secrets.set(record, opened);
    }
    return opened;
  }

  /** The registration with its secrets in clear (frozen), built once per opened secrets. */
  async openRegistration(record: StoredRegistration): Promise<OpenedRegistration> {
    const secrets = await this.openSecrets(record);
    let registration = this.opened.get(secrets);
    if (!registration) {
      registration = Object.freeze({ ...registrationOf(record), ...secrets });
      this.opened.set(secrets, registration);
    }
    return registration;
  }

  /** A frozen summary of the record (nothing decrypted), built once per record object. */
  summaryOf(record: StoredRegistration): McpRegistrationSummary {
    let summary = this.summaries.get(record);
    if (!summary) {
      summary = Object.freeze(summaryOf(record));
      this.summaries.set(record, summary);
    }
    return summary;
  }
}
