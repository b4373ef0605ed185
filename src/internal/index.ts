export { compareCodePoints, codePointKey } from './compare';
export { readHeader, type HeadersInput } from './headers';
export { normalizeHeaders, type RequestHeaders } from './normalize-headers';
export { randomUuid, canMakeRandomUuids } from './random-uuid';
