/** An OpenAPI document that cannot become tools: unreadable, invalid, not 3.x, or with nowhere to send calls. */
export class OpenApiDocumentError extends Error {
  constructor(
    readonly source: string,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(`openApiTools: ${source}: ${reason}`, options);
    this.name = 'OpenApiDocumentError';
  }
}
