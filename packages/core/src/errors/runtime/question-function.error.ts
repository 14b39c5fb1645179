/**
 * A question's own function (`message`, `url`, `elicitationId`, `request` or `when`) threw while the question
 * was being built. Not a `TesseraError`: the client sees the masked internal error, the server log this message
 * (which names the question and the function) and the original error as its `cause`.
 */
export class QuestionFunctionError extends Error {
  constructor(
    readonly key: string,
    readonly part: string,
    after: readonly string[],
    override readonly cause: unknown,
  ) {
    const reason = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    super(
      `The ${part} function of question "${key}" threw (${reason}). If it reads another question's answer, ` +
        `that question must be answered first: list its key in after (now ${JSON.stringify(after)}).`,
      { cause },
    );
    this.name = 'QuestionFunctionError';
  }
}
