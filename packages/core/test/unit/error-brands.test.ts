import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TESSERA_ERROR_BRAND } from '@tessera/common';
import { TesseraError, TesseraErrorCode, ToolError } from '@tessera/core';
import { InvalidRequestStateError, RequestStateError } from '@tessera/request-state';
import { InvalidConnectTargetError, TesseraClientError } from '@tessera/client';

// Each package's base class recognises its own errors only (one brand, naming the package), across loaded copies.

type Copies = {
  ToolError: typeof ToolError;
  InvalidRequestStateError: typeof InvalidRequestStateError;
  InvalidConnectTargetError: typeof InvalidConnectTargetError;
};

/** The three packages' errors loaded a second time, as two bundles would (the brand helper with them). */
function secondCopies(): Copies {
  let copies: Copies | undefined;
  jest.isolateModules(() => {
    /* eslint-disable @typescript-eslint/no-require-imports */
    copies = {
      ToolError: (require('../../src/errors/runtime/tool.error') as { ToolError: typeof ToolError }).ToolError,
      InvalidRequestStateError: (require('../../../request-state/src') as typeof import('@tessera/request-state'))
        .InvalidRequestStateError,
      InvalidConnectTargetError: (require('../../../client/src') as typeof import('@tessera/client'))
        .InvalidConnectTargetError,
    };
    /* eslint-enable @typescript-eslint/no-require-imports */
  });
  if (copies === undefined) throw new Error('the second copies did not load');
  return copies;
}

describe('error brands', () => {
  test('TesseraError.isInstance accepts core errors and refuses request-state and client errors', () => {
    expect(TesseraError.isInstance(new ToolError('x'))).toBe(true);
    expect(TesseraError.isInstance(new InvalidRequestStateError('malformed'))).toBe(false);
    expect(TesseraError.isInstance(new InvalidConnectTargetError('x'))).toBe(false);
  });

  test('RequestStateError.isInstance and TesseraClientError.isInstance refuse the other packages’ errors', () => {
    expect(RequestStateError.isInstance(new InvalidRequestStateError('malformed'))).toBe(true);
    expect(RequestStateError.isInstance(new ToolError('x'))).toBe(false);
    expect(RequestStateError.isInstance(new InvalidConnectTargetError('x'))).toBe(false);
    expect(TesseraClientError.isInstance(new InvalidConnectTargetError('x'))).toBe(true);
    expect(TesseraClientError.isInstance(new ToolError('x'))).toBe(false);
    expect(TesseraClientError.isInstance(new InvalidRequestStateError('malformed'))).toBe(false);
  });

  test("each base class recognises its package's errors built by a second loaded copy, and only those", () => {
    const second = secondCopies();
    const tool = new second.ToolError('x');
    const state = new second.InvalidRequestStateError('expired');
    const client = new second.InvalidConnectTargetError('x');
    expect(tool).not.toBeInstanceOf(ToolError); // really second copies
    expect(state).not.toBeInstanceOf(InvalidRequestStateError);
    expect(client).not.toBeInstanceOf(InvalidConnectTargetError);
    expect([TesseraError.isInstance(tool), TesseraError.isInstance(state), TesseraError.isInstance(client)]).toEqual([
      true,
      false,
      false,
    ]);
    expect([
      RequestStateError.isInstance(tool),
      RequestStateError.isInstance(state),
      RequestStateError.isInstance(client),
    ]).toEqual([false, true, false]);
    expect([
      TesseraClientError.isInstance(tool),
      TesseraClientError.isInstance(state),
      TesseraClientError.isInstance(client),
    ]).toEqual([false, false, true]);
  });

  test("a value carrying the core brand but a code outside core's table is not a TesseraError", () => {
    const forged = Object.assign(new Error('x'), {
      [TESSERA_ERROR_BRAND]: '@tessera/core',
      code: 'TESSERA_STATE_INVALID',
    });
    expect(TesseraError.isInstance(forged)).toBe(false);
    expect(TesseraError.isInstance(Object.assign(forged, { code: TesseraErrorCode.ToolError }))).toBe(true);
    expect(TesseraError.isInstance({ ...forged, [TESSERA_ERROR_BRAND]: '@tessera/client' })).toBe(false);
  });

  test('every code in the table is thrown by one of core’s error classes (a code nothing throws is not listed)', () => {
    const errorsDir = path.join(__dirname, '../../src/errors');
    const classes = readdirSync(errorsDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.error.ts'))
      .map((file) => readFileSync(path.join(errorsDir, file), 'utf8'));
    const unthrown = Object.keys(TesseraErrorCode).filter(
      (key) => !classes.some((text) => text.includes(`TesseraErrorCode.${key}`)),
    );
    expect(unthrown).toEqual([]);
  });
});
