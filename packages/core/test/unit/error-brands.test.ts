import { TesseraError, TesseraErrorCode, ToolError } from '@tessera/core';
import { InvalidRequestStateError, RequestStateError } from '@tessera/request-state';
import { TesseraClientError } from '@tessera/client';

// Each package's base class recognises its own errors only (a brand per package, across bundled copies).

describe('error brands', () => {
  test('TesseraError.isInstance accepts core errors and refuses request-state and client errors', () => {
    expect(TesseraError.isInstance(new ToolError('x'))).toBe(true);
    expect(TesseraError.isInstance(new InvalidRequestStateError('malformed'))).toBe(false);
    expect(TesseraError.isInstance(new TesseraClientError('TESSERA_MISSING_INPUT_CALLBACK' as never, 'x'))).toBe(false);
  });

  test('RequestStateError.isInstance refuses core errors', () => {
    expect(RequestStateError.isInstance(new InvalidRequestStateError('malformed'))).toBe(true);
    expect(RequestStateError.isInstance(new ToolError('x'))).toBe(false);
  });

  test("a value carrying the core brand but a code outside core's table is not a TesseraError", () => {
    const forged = Object.assign(new Error('x'), {
      [Symbol.for('tessera.core.error')]: true,
      code: 'TESSERA_STATE_INVALID',
    });
    expect(TesseraError.isInstance(forged)).toBe(false);
    expect(TesseraError.isInstance(Object.assign(forged, { code: TesseraErrorCode.ToolError }))).toBe(true);
  });

  test('the codes nothing throws are gone from the table', () => {
    expect(Object.keys(TesseraErrorCode)).not.toEqual(expect.arrayContaining(['NotFound']));
    expect(Object.keys(TesseraErrorCode)).not.toContain('ProtocolError');
    expect(Object.keys(TesseraErrorCode)).not.toContain('OutputValidation');
  });
});
