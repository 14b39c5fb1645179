import { loadAnswers } from './answers/answers-file';
import { terminalSafe } from './output/terminal-safe';
import { helpText } from './command/help-text';
import { runInspect } from './inspect/run-inspect';
import { runDev } from './dev/run-dev';
import { parseCommandLine } from './command/parse-command-line';
import { runCommand } from './command/run-command';
import { cliAuth } from './connect/cli-auth';
import { openClient, type OpenClient } from './connect/open-client';
import { describeError, exitCodeOf } from './describe-error';
import { createElicitationHandler } from './input/elicitation-handler';
import { rootsFor } from './input/roots';
import { describeSampling, refuseSampling, samplingByCommand } from './input/sampling-command';
import { confirmSend } from './input/confirm-send';
import { oneAtATime } from './input/one-at-a-time';
import { formatLog } from './output/format-log';
import { ProgressBar } from './output/progress-bar';
import { Interrupt, STOPPED_IN_PROMPT, type SignalSource } from './input/interrupt';

export interface CliIo {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  cwd: string;
  /** Where Ctrl+C comes from while a call runs (the process); without it Ctrl+C keeps its default. */
  signals?: SignalSource;
}

export const VERSION = '0.1.0';

/**
 * The whole `tessera` run: parse, connect, run the command while answering the server's questions, print.
 * stdout carries only the result (text or --json); prompts, progress and errors go to stderr. Returns the exit status.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let open: OpenClient | undefined;
  const progress = new ProgressBar(io.stderr);
  const interrupt = new Interrupt(io.signals ?? { on: () => undefined, off: () => undefined }, () => {
    progress.clear();
    io.stderr.write('tessera: stopped (Ctrl+C twice)\n');
    process.exit(130);
  });
  try {
    // inspect reads a local module, not a server: its own options, no client
    if (argv[0] === 'inspect' || (argv[0] === 'help' && argv[1] === 'inspect')) {
      if (argv[0] === 'help') argv = ['inspect', '--help'];
      io.stdout.write(await runInspect(argv.slice(1), io.cwd));
      return 0;
    }
    // dev compiles and serves the local project until stopped
    if (argv[0] === 'dev' || (argv[0] === 'help' && argv[1] === 'dev')) {
      if (argv[0] === 'help') argv = ['dev', '--help'];
      return await runDev(argv.slice(1), io);
    }
    const parsed = parseCommandLine(argv);
    if ('version' in parsed) {
      io.stdout.write(`tessera ${VERSION}\n`);
      return 0;
    }
    if ('help' in parsed) {
      io.stdout.write(helpText(parsed.help));
      return 0;
    }
    const answers = parsed.answersPath === undefined ? undefined : loadAnswers(parsed.answersPath);
    const say = (line: string): void => {
      progress.clear();
      io.stderr.write(`${line}\n`);
    };
    const prompts = oneAtATime();
    const confirming = {
      yes: parsed.yes,
      interactive: io.stdin.isTTY === true,
      prompt: { input: io.stdin, output: io.stderr },
      say,
    };
    const elicitation = createElicitationHandler({
      answers,
      interactive: io.stdin.isTTY === true,
      prompt: { input: io.stdin, output: io.stderr },
      say,
      queue: prompts,
    });
    open = await openClient(
      parsed.target,
      parsed.headers,
      {
        protocol: parsed.protocol,
        // `tessera skills` shows a bad entry as refused instead of failing the whole listing.
        skills: { skipInvalid: true },
        elicitation: {
          url: true,
          handle: (params, context) =>
            progress.holdDuring(async () => {
              try {
                return await elicitation.handle(params, context);
              } catch (error) {
                // Ctrl+C in a prompt: the call stops as for Ctrl+C anywhere else (its task is cancelled)
                if (error instanceof Error && error.name === 'ExitPromptError') interrupt.fire(STOPPED_IN_PROMPT);
                throw error;
              }
            }),
        },
        sampling:
          parsed.samplingCommand === undefined
            ? refuseSampling
            : async (params, context) => {
                const answer = await samplingByCommand(parsed.samplingCommand!)(params, context);
                await prompts(() =>
                  progress.holdDuring(() =>
                    confirmSend('this sampling answer', describeSampling(answer), confirming, context.signal),
                  ),
                );
                return answer;
              },
        listRoots: async (context) => {
          const roots = rootsFor(parsed.roots, io.cwd);
          const shown = roots.roots.map((r) => r.uri).join(', ');
          await prompts(() => progress.holdDuring(() => confirmSend('these roots', shown, confirming, context.signal)));
          return roots;
        },
        ...(parsed.logLevel !== undefined && {
          logLevel: parsed.logLevel,
          onLog: (message) => say(formatLog(message)),
        }),
      },
      cliAuth(parsed.oauth, parsed.headers, say),
    );
    const output = await runCommand(parsed, open.client, progress, interrupt);
    progress.clear();
    // JSON escapes control characters itself; text goes through as is only when it is not shown on a terminal.
    const text = io.stdout.isTTY === true ? terminalSafe(output.text) : output.text;
    io.stdout.write(`${parsed.json ? JSON.stringify(output.raw, null, 2) : text}\n`);
    return output.isError ? 1 : 0;
  } catch (error) {
    progress.clear();
    io.stderr.write(`tessera: ${terminalSafe(describeError(error))}\n`);
    return exitCodeOf(error);
  } finally {
    await open?.client.close().catch(() => undefined);
  }
}
