import { InvalidAssertionError } from '../errors/invalid-assertion.error';
import { loadJose } from './load-jose';

/** RFC 7523 §2.1. */
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/**
 * The assertion as it will be sent, after the checks that need no key: a JWT (jose decodes it), not expired.
 * Its signature and audience are the authorization server's to judge.
 */
export function checkAssertion(assertion: unknown): string {
  if (typeof assertion !== 'string' || assertion.trim() === '') {
    throw new InvalidAssertionError(
      `the assertion callback returned ${typeof assertion === 'string' ? 'an empty string' : typeof assertion}, not a JWT`,
    );
  }
  const token = assertion.trim();
  let exp: unknown;
  try {
    exp = loadJose().decodeJwt(token).exp;
  } catch (error) {
    throw new InvalidAssertionError(`it is not a JWT (${error instanceof Error ? error.message : String(error)})`, {
      cause: error,
    });
  }
  if (typeof exp === 'number' && exp * 1000 <= Date.now()) {
    throw new InvalidAssertionError(
      `it expired at ${new Date(exp * 1000).toISOString()}; read a fresh one from the platform`,
    );
  }
  return token;
}
