import { CliError } from '../src/errors/cli-error';
import { helpText } from '../src/command/help-text';
import { parseCommandLine, type CommandLine } from '../src/command/parse-command-line';

const line = (argv: string[]): CommandLine => parseCommandLine(argv) as CommandLine;

describe('parseCommandLine', () => {
  it('reads a URL target, the tool, its JSON arguments and the options', () => {
    expect(
      line([
        'call',
        '--json',
        'http://127.0.0.1:3000/mcp',
        'plan',
        '{"topic":"q3"}',
        '--root',
        'a',
        '--root',
        'b',
        '--header',
        'Authorization: Bearer x',
      ]),
    ).toMatchObject({
      command: 'call',
      target: { kind: 'url' },
      name: 'plan',
      arguments: { topic: 'q3' },
      json: true,
      roots: ['a', 'b'],
      headers: { Authorization: 'Bearer x' },
      protocol: 'auto',
    });
  });

  it("reads a stdio target after --, never taking the server's own flags as tessera options", () => {
    expect(
      line(['prompt', 'briefing', '{"topic":"x"}', '--answers', 'a.json', '--', 'node', 'server.js', '--json']),
    ).toMatchObject({
      command: 'prompt',
      target: { kind: 'stdio', command: 'node', args: ['server.js', '--json'] },
      name: 'briefing',
      answersPath: 'a.json',
      json: false,
    });
    expect(line(['tools', '--protocol', 'legacy', '--', 'srv'])).toMatchObject({
      protocol: 'legacy',
      target: { command: 'srv', args: [] },
    });
    expect(line(['read', '--protocol', '2026-07-28', 'https://h/mcp', 'secret://1'])).toMatchObject({
      protocol: { pin: '2026-07-28' },
      name: 'secret://1',
    });
    expect(line(['tools', '--log-level', 'warning', 'https://h/mcp'])).toMatchObject({ logLevel: 'warning' });
    expect(line(['tools', 'https://h/mcp']).logLevel).toBeUndefined();
    expect(line(['call', '--yes', 'https://h/mcp', 'where']).yes).toBe(true);
    expect(line(['call', '-y', 'https://h/mcp', 'where']).yes).toBe(true);
    expect(line(['call', 'https://h/mcp', 'where']).yes).toBe(false);
  });

  it("reads skill's second operand as a file inside the skill, not as JSON", () => {
    expect(line(['skill', 'http://h/mcp', 'pdf-processing', 'references/FORMS.md'])).toMatchObject({
      command: 'skill',
      name: 'pdf-processing',
      file: 'references/FORMS.md',
    });
    const bare = line(['skill', 'pdf-processing', '--', 'node', 'server.js']);
    expect(bare).toMatchObject({ name: 'pdf-processing', target: { kind: 'stdio' } });
    expect(bare.file).toBeUndefined();
    expect(bare.arguments).toBeUndefined();
    expect(line(['skills', 'http://h/mcp'])).toMatchObject({ command: 'skills', target: { kind: 'url' } });
  });

  it('gives help for everything and for each command', () => {
    expect(parseCommandLine([])).toEqual({ help: 'all' });
    expect(parseCommandLine(['--help'])).toEqual({ help: 'all' });
    expect(parseCommandLine(['call', '--help'])).toEqual({ help: 'call' });
    expect(parseCommandLine(['help', 'read'])).toEqual({ help: 'read' });
    expect(helpText('call')).toContain('tessera call [options] <target> tool [json]');
    expect(helpText('all')).toContain('--sampling-command <cmd>');
    expect(helpText('all')).toContain('tessera skill [options] <target> name [file]');
  });

  it.each([
    [
      ['fetch', 'http://h/mcp'],
      'unknown command "fetch" (commands: tools, prompts, resources, call, prompt, read, skills, skill)',
    ],
    [['tools'], "no target: give the server's URL"],
    [['tools', 'localhost:3000'], '"localhost:3000" is not a target: give an http:// or https:// URL'],
    [['tools', 'ftp://h/x'], '"ftp://h/x" is not a target'],
    [['tools', '--'], 'nothing after --'],
    [['call', 'http://h/mcp'], 'call needs tool [json]'],
    [['call', 'http://h/mcp', 't', '{topic:1}'], 'the call arguments are not valid JSON'],
    [['call', 'http://h/mcp', 't', '[1]'], 'the call arguments must be a JSON object'],
    [['tools', 'http://h/mcp', 'extra'], 'tools takes nothing after the target; unexpected "extra"'],
    [['skill', 'http://h/mcp'], 'skill needs name [file]'],
    [['skill', 'http://h/mcp', 'pdf', 'a.md', 'b.md'], 'skill takes name [file] after the target; unexpected "b.md"'],
    [['skills', 'http://h/mcp', 'pdf'], 'skills takes nothing after the target; unexpected "pdf"'],
    [['tools', '--bogus', 'http://h/mcp'], "Unknown option '--bogus'"],
    [['tools', '--header', 'nocolon', 'http://h/mcp'], '--header "nocolon" must look like "Name: value"'],
    [['tools', '--protocol', 'newest', 'http://h/mcp'], '--protocol "newest" must be auto, legacy or a revision date'],
    [
      ['tools', '--log-level', 'loud', 'http://h/mcp'],
      '--log-level "loud" must be one of debug, info, notice, warning, error, critical, alert, emergency',
    ],
  ])('refuses %j with a clear message (exit 2)', (argv, message) => {
    let error: unknown;
    try {
      parseCommandLine(argv);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toContain(message);
    expect((error as CliError).exitCode).toBe(2);
  });
});
