import { checkAssertion } from '../../src/auth/workload-assertion';
import { InvalidAssertionError } from '../../src/errors/invalid-assertion.error';
import { loadJose } from '../../src/auth/load-jose';

const { UnsecuredJWT } = loadJose();

describe('workload identity assertions', () => {
  it('passes a JWT that has not expired, trimmed', () => {
    const jwt = new UnsecuredJWT({ sub: 'workload' }).setExpirationTime('5m').encode();
    expect(checkAssertion(` ${jwt}\n`)).toBe(jwt);
  });

  it.each([
    ['an empty string', '', /returned an empty string, not a JWT/],
    ['a number', 42, /returned number, not a JWT/],
    ['not a JWT', 'hello.world', /it is not a JWT/],
    [
      'an expired JWT',
      new UnsecuredJWT({}).setExpirationTime(Math.floor(Date.now() / 1000) - 60).encode(),
      /it expired at .*read a fresh one/,
    ],
  ])('refuses %s with InvalidAssertionError', (_name, assertion, message) => {
    const failure = (() => {
      try {
        return checkAssertion(assertion);
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(InvalidAssertionError);
    expect(failure).toMatchObject({ code: 'TESSERA_INVALID_ASSERTION' });
    expect((failure as Error).message).toMatch(message);
  });
});
