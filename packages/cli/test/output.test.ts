import { describeError, exitCodeOf } from '../src/describe-error';
import { CliError } from '../src/errors/cli-error';
import { samplingAnswer } from '../src/input/sampling-command';
import { rootsFor } from '../src/input/roots';
import { ProgressBar, progressLine } from '../src/output/progress-bar';
import { formatToolResult } from '../src/output/format-result';
import { formatLog } from '../src/output/format-log';
import { formatTools } from '../src/output/format-listing';
import { terminalSafe } from '../src/output/terminal-safe';
import { fieldMessage } from '../src/form/field-message';
import { ProtocolError } from '@modelcontextprotocol/client';
import { InputCallbackFailedError } from '@tessera/client';

describe('output pieces', () => {
  it('lists each tool argument with its allowed values, bounds, lengths and default', () => {
    const inputSchema = {
      type: 'object' as const,
      required: ['name'],
      properties: {
        name: { type: 'string', minLength: 3, maxLength: 64, pattern: '^[a-z]', description: 'Machine name' },
        region: { type: 'string', enum: ['eu', 'us'], default: 'eu' },
        size: {
          type: 'string',
          oneOf: [
            { const: 's', title: 'Small' },
            { const: 'l', title: 'Large' },
          ],
        },
        count: { type: 'integer', minimum: 1, maximum: 10, default: 1 },
        ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 1 },
        note: { type: 'string', maxLength: 200 },
        plain: { type: 'boolean' },
      },
    };
    expect(formatTools([{ name: 'provision', description: 'Provision a machine', inputSchema }])).toBe(
      [
        'provision: Provision a machine',
        '    name (string, required, 3-64 chars, pattern ^[a-z]) - Machine name',
        '    region (string, one of "eu", "us", default "eu")',
        '    size (string, one of "s", "l")',
        '    count (integer, >= 1, <= 10, default 1)',
        '    ratio (number, > 0, < 1)',
        '    tags (array, each one of "a", "b", at least 1 item)',
        '    note (string, at most 200 chars)',
        '    plain (boolean)',
      ].join('\n'),
    );
  });

  it('draws a progress bar when the total is known, a count otherwise', () => {
    expect(progressLine({ progress: 1, total: 4, message: 'copying' })).toBe(
      `[${'#'.repeat(8)}${'-'.repeat(22)}] 25% (1/4) copying`,
    );
    expect(progressLine({ progress: 7 })).toBe('progress 7');
  });

  it('redraws the bar in place on a terminal, and keeps it off the screen while a question is shown', async () => {
    const written: string[] = [];
    const terminal = {
      isTTY: true,
      columns: 80,
      write: (text: string) => written.push(text),
    } as unknown as NodeJS.WriteStream;
    const bar = new ProgressBar(terminal);
    bar.update({ progress: 1, total: 2 });
    await bar.holdDuring(async () => bar.update({ progress: 2, total: 2, message: 'drawn over the prompt' }));
    bar.update({ progress: 2, total: 2 });
    bar.clear();
    expect(written).toEqual([
      `\r\x1b[2K${progressLine({ progress: 1, total: 2 })}`,
      '\n', // cleared before the question
      `\r\x1b[2K${progressLine({ progress: 2, total: 2 })}`,
      '\n',
    ]);
  });

  it("keeps a server's control characters off the terminal (no fake prompts, no hidden URLs)", () => {
    expect(terminalSafe('ok\x1b[2J\x1b]0;pwned\x07 line\n\tnext\u009b')).toBe('ok[2J]0;pwned line\n\tnext');
    expect(
      fieldMessage({ name: 'n', label: 'Name\x1b[8m', description: 'hidden\x1b[0m', required: true, kind: 'string' }),
    ).toBe('Name[8m - hidden[0m');
    expect(formatLog({ level: 'warning', logger: 'db', data: 'slow\x1b[1A' })).toBe('[server warning db] slow[1A');
    expect(formatLog({ level: 'info', data: { step: 1 } })).toBe('[server info] {"step":1}');
  });

  it("reads a sampling command's answer as text or as a JSON result", () => {
    expect(samplingAnswer('risks, costs\n')).toEqual({
      role: 'assistant',
      model: 'sampling-command',
      content: { type: 'text', text: 'risks, costs' },
    });
    expect(samplingAnswer('{"model":"m","content":{"type":"text","text":"t"}}')).toEqual({
      role: 'assistant',
      model: 'm',
      content: { type: 'text', text: 't' },
    });
    expect(() => samplingAnswer('  ')).toThrow('the sampling command printed nothing');
  });

  it('offers the working directory as the root unless --root is given', () => {
    expect(rootsFor([], '/work/x')).toEqual({ roots: [{ uri: 'file:///work/x', name: 'x' }] });
    expect(rootsFor(['../y', '/abs'], '/work/x')).toEqual({
      roots: [
        { uri: 'file:///work/y', name: 'y' },
        { uri: 'file:///abs', name: 'abs' },
      ],
    });
  });

  it('prints text blocks, and structured content when there is no text', () => {
    expect(
      formatToolResult({
        content: [
          { type: 'text', text: 'a' },
          { type: 'resource_link', uri: 'x://1', name: 'one' },
        ],
      }),
    ).toBe('a\n[link x://1 (one)]');
    expect(formatToolResult({ content: [], structuredContent: { n: 1 } })).toBe('{\n  "n": 1\n}');
  });

  it("says which client capabilities a server's -32021 asks for", () => {
    const refusal = new ProtocolError(-32021, 'Missing required client capability', {
      requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } },
    });
    expect(describeError(refusal)).toBe(
      'Missing required client capability (-32021); the server needs the client capabilities ' +
        '{"extensions":{"io.modelcontextprotocol/tasks":{}}}, which tessera does not declare',
    );
  });

  it('unwraps a CLI error raised inside a callback, keeping its exit code', () => {
    const wrapped = new InputCallbackFailedError(
      'elicitation',
      'audience',
      'tools/call plan',
      new CliError('question "audience" has no answer'),
    );
    expect(describeError(wrapped)).toBe('question "audience" has no answer');
    expect(exitCodeOf(wrapped)).toBe(1);
    expect(exitCodeOf(new CliError('bad', 2))).toBe(2);
  });
});
