import { spawn } from 'node:child_process';
import type { SamplingCallback } from '@tessera/client';
import type { CreateMessageResult } from '@modelcontextprotocol/client';
import { CliError } from '../errors/cli-error';
import { terminalSafe } from '../output/terminal-safe';

/**
 * Answers sampling with a command the user configured (`--sampling-command`): run through the shell, given the
 * request's params as JSON on stdin. Its stdout is the answer: a JSON CreateMessageResult, or plain text that
 * becomes the assistant's text. A failing command fails the call with its exit status and stderr.
 */
export function samplingByCommand(command: string): SamplingCallback {
  return (params, { signal }) =>
    new Promise<CreateMessageResult>((resolve, reject) => {
      const child = spawn(command, { shell: true, stdio: ['pipe', 'pipe', 'pipe'], signal });
      let out = '';
      let err = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
      child.on('error', (error) =>
        reject(new CliError(`the sampling command failed to start (${command}): ${error.message}`)),
      );
      child.on('close', (code) => {
        if (code !== 0) {
          reject(
            new CliError(`the sampling command exited with ${code} (${command})${err.trim() ? `: ${err.trim()}` : ''}`),
          );
          return;
        }
        resolve(samplingAnswer(out));
      });
      child.stdin.on('error', () => undefined); // a command that ignores stdin may close it early
      child.stdin.end(JSON.stringify(params));
    });
}

/** Reads a sampling command's stdout: a JSON result with `content`, or plain text. */
export function samplingAnswer(stdout: string): CreateMessageResult {
  const trimmed = stdout.trim();
  if (trimmed.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      parsed = undefined;
    }
    if (typeof parsed === 'object' && parsed !== null && 'content' in parsed) {
      return { role: 'assistant', model: 'sampling-command', ...(parsed as object) } as CreateMessageResult;
    }
  }
  if (trimmed === '')
    throw new CliError('the sampling command printed nothing; print the answer text, or a JSON CreateMessageResult');
  return { role: 'assistant', model: 'sampling-command', content: { type: 'text', text: trimmed } };
}

/** A sampling answer as shown before it is sent: its text (or its content type), cut at 200 characters. */
export function describeSampling(answer: CreateMessageResult): string {
  const content = answer.content as { type?: string; text?: unknown };
  const text = content.type === 'text' && typeof content.text === 'string' ? content.text : `(${String(content.type)})`;
  const safe = terminalSafe(text.replace(/\s+/g, ' ').trim());
  return JSON.stringify(safe.length > 200 ? `${safe.slice(0, 200)}...` : safe);
}

/** Without a command, sampling is refused with a message that says how to allow it. */
export const refuseSampling: SamplingCallback = (_params, { key }) => {
  const which = key === undefined ? '' : ` (question "${key}")`;
  throw new CliError(
    `the server asks for an LLM completion${which}, and tessera answers sampling only with --sampling-command <command>`,
  );
};
