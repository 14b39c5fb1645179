import { CliError } from '../errors/cli-error';

export const STOPPED_IN_PROMPT = 'stopped (Ctrl+C): the question was not answered and the call was abandoned';
export const STOPPED_WHILE_WAITING = 'stopped (Ctrl+C): the call was abandoned';

/** What the interrupt needs of the process: its SIGINT, and a way out when Ctrl+C comes twice. */
export interface SignalSource {
  on(event: 'SIGINT', listener: () => void): unknown;
  off(event: 'SIGINT', listener: () => void): unknown;
}

/**
 * Ctrl+C during a call. Outside a prompt the terminal sends SIGINT (caught only `during` a call); inside one
 * the prompt library reads the key itself (raw mode) and the elicitation handler reports it here. Either way the call's signal aborts
 * with a `CliError` (exit status 130) saying what was abandoned, so the call stops and its task can be
 * cancelled. A second Ctrl+C while that happens ends the process at once.
 */
export class Interrupt {
  private readonly controller = new AbortController();
  private readonly onSigint = (): void => {
    if (this.controller.signal.aborted) this.again();
    else this.fire(STOPPED_WHILE_WAITING);
  };

  constructor(
    private readonly source: SignalSource,
    /** A second Ctrl+C while the first is being handled (a cancel under way): end now. */
    private readonly again: () => void,
  ) {}

  /**
   * Runs `work` with SIGINT caught (the call stops instead of the process). Only around work that honours
   * `signal`: elsewhere Ctrl+C keeps its default, ending the process.
   */
  async during<T>(work: () => Promise<T>): Promise<T> {
    this.source.on('SIGINT', this.onSigint);
    try {
      return await work();
    } finally {
      this.source.off('SIGINT', this.onSigint);
    }
  }

  /** Aborts when the user stops the call. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Why the call was stopped, once it was. */
  get reason(): CliError | undefined {
    return this.controller.signal.aborted ? (this.controller.signal.reason as CliError) : undefined;
  }

  fire(message: string): void {
    if (!this.controller.signal.aborted) this.controller.abort(new CliError(message, 130));
  }
}
