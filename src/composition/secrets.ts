/** Composition: the SecretCipher of a user's space (one per object lifetime). */
import { SecretBox } from "../adapters/crypto/secret-box";
import type { SecretCipher } from "../ports/secret-cipher";
import type { Space } from "../ports/space";

export function secretCipher(space: Space): SecretCipher {
  return space.memo("secrets", () => new SecretBox(space.secrets.dataKey));
}
