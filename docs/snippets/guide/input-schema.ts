import { Args, Provider, Tool } from '@tessera/core';

@Provider()
export class Contacts {
  // #region example
  @Tool({
    description: 'Adds a contact',
    inputSchema: {
      type: 'object',
      $defs: { address: { type: 'object', properties: { street: { type: 'string' } } } },
      properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' }, phone: { type: 'string' } },
      dependentRequired: { phone: ['name'] },
      unevaluatedProperties: false,
    },
  })
  add(@Args() contact: Record<string, unknown>): string {
    return `added ${String(contact.name)}`;
  }
  // #endregion example
}
