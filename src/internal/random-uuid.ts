/** The platform's Web Crypto, as far as a random uuid needs it. */
interface WebCrypto {
  randomUUID?: () => string;
  getRandomValues?: <T extends Uint8Array>(array: T) => T;
}

/**
 * Returns a new random uuid v4 (RFC 9562): `crypto.randomUUID()` where the platform has it, else one built from
 * `crypto.getRandomValues` (browsers lack `randomUUID` outside secure contexts, such as a page served over plain HTTP
 * from another host than localhost). Node has both. Loads no package, so the browser client can use it.
 *
 * @throws TypeError when the platform has neither.
 * @example
 * randomUuid(); // '3b241101-e2bb-4255-8caf-4136c566a962'
 */
export function randomUuid(): string {
  const crypto = webCrypto();
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  if (typeof crypto?.getRandomValues === 'function') return uuidFromBytes(crypto.getRandomValues(new Uint8Array(16)));
  throw new TypeError('this platform has neither crypto.randomUUID nor crypto.getRandomValues');
}

/**
 * Tells whether {@link randomUuid} can make ids on this platform (it has Web Crypto).
 *
 * @throws never.
 */
export function canMakeRandomUuids(): boolean {
  const crypto = webCrypto();
  return typeof crypto?.randomUUID === 'function' || typeof crypto?.getRandomValues === 'function';
}

function webCrypto(): WebCrypto | undefined {
  return (globalThis as { crypto?: WebCrypto }).crypto;
}

/** RFC 9562 version 4 layout: version nibble 4, variant bits 10, lower-case hex in 8-4-4-4-12 groups. */
function uuidFromBytes(bytes: Uint8Array): string {
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
