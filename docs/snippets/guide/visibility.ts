import { createApp, Provider, Tool, type VisibilityContext } from '@tessera/core';

// #region visible
/** Staff see the payroll tools; everyone else does not know they exist. */
const staffOnly = (ctx: VisibilityContext): boolean => ctx.principal?.authInfo.extra?.role === 'staff';

@Provider()
class Payroll {
  @Tool({ description: 'Pay a contractor', scopes: ['payroll:write'] }) // hidden from tokens without the scope
  pay(): string {
    return 'paid';
  }

  @Tool({ description: 'Salary bands', visible: staffOnly }) // hidden from callers the predicate refuses
  bands(): string {
    return 'bands';
  }
}
// #endregion visible

// #region challenge
// Step-up instead of hiding: list every handler, and answer a call without the scopes with 403
// insufficient_scope naming them, so the client asks the user for more.
export const app = createApp({
  name: 'payroll',
  version: '1.0.0',
  providers: [Payroll],
  visibility: { scopes: 'challenge' },
});
// #endregion challenge
