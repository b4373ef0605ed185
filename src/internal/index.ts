export { compareCodePoints, codePointKey } from './compare';
export { readHeader, type HeadersInput } from './headers';
export { normalizeHeaders, type RequestHeaders } from './normalize-headers';
export { randomUuid, canMakeRandomUuids } from './random-uuid';
export { isUnsafeKey } from './is-unsafe-key';
export { isPlainObject, isRecordLike } from './is-plain-object';
export { isPositiveIntegerText } from './is-positive-integer-text';
