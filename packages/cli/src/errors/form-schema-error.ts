/** A server sent an elicitation schema this client cannot turn into questions; names the field and why. */
export class FormSchemaError extends Error {
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(`the server's form field "${field}" cannot be asked: ${reason}`);
    this.name = 'FormSchemaError';
  }
}
