/** Character and World Info book identifiers (random, from the platform CSPRNG). */

function hex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A new character id: `ch_` + 20 lower-case hex chars. */
export function newCharacterId(): string {
  return `ch_${hex(10)}`;
}

/** A new World Info book id: `wi_` + 20 lower-case hex chars. */
export function newBookId(): string {
  return `wi_${hex(10)}`;
}
