import { IsIn, IsString } from 'class-validator';
import { createApp, Elicit, Field, Provider, silentLogger, Tool, type LogFields } from '@tessera/core';
import { createFlowTester, sendRaw, answer } from '@tessera/testing';

// A question whose message reads another answer without waiting for it (no `after`) fails on the first
// round: the log names the question and the function and suggests `after`; the client sees the masked error.

class Region {
  @Field() @IsIn(['eu', 'us']) region!: string;
}
class Name {
  @Field() @IsString() name!: string;
}

@Provider()
class Forgetful {
  @Tool()
  name(
    @Elicit({ key: 'region', message: 'Region?', schema: Region }) region: Region,
    @Elicit({
      key: 'name',
      message: ({ answers }) => `Name in ${(answers.region as Region).region}?`,
      schema: Name,
    })
    name: Name,
  ): string {
    return `${name.name} in ${region.region}`;
  }

  @Tool()
  guarded(
    @Elicit({ key: 'region', message: 'Region?', schema: Region }) region: Region,
    @Elicit({
      key: 'name',
      when: ({ answers }) => (answers.region as Region).region === 'eu',
      message: 'Name?',
      schema: Name,
      inject: 'value',
    })
    name: Name | undefined,
  ): string {
    return `${name?.name} in ${region.region}`;
  }
}

function recordingApp() {
  const errors: Array<[string, LogFields | undefined]> = [];
  const logger = { ...silentLogger, error: (m: string, f?: LogFields) => void errors.push([m, f]) };
  return { app: createApp({ name: 'forgetful', version: '1', providers: [Forgetful], logger }), errors };
}

const caps = { capabilities: { elicitation: {} } };

test.each([
  ['name', 'message'],
  ['guarded', 'when'],
])('%s: the log names the question, its %s function, and suggests after', async (tool, part) => {
  const { app, errors } = recordingApp();
  const reply = await sendRaw(app, 'tools/call', { name: tool, arguments: {} }, caps);
  expect(reply.body.result).toMatchObject({
    isError: true,
    content: [{ text: expect.stringMatching(/^Internal error \(ref [0-9a-f]{8}\)$/) }],
  });
  const logged = errors[0][1]!.error as Error;
  expect(logged.message).toBe(
    `The ${part} function of question "name" threw (TypeError: Cannot read properties of undefined (reading 'region')). ` +
      "If it reads another question's answer, that question must be answered first: list its key in after (now []).",
  );
});

test('the flow tester prints a handler error to stderr (its default logger shows errors)', async () => {
  const written: string[] = [];
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  try {
    const tester = await createFlowTester({ name: 'forgetful', version: '1', providers: [Forgetful] });
    try {
      const run = await tester.callTool('name', {}, { answers: { region: answer.accept({ region: 'eu' }) } });
      run.expectToolError(/Internal error/);
    } finally {
      await tester.close();
    }
  } finally {
    spy.mockRestore();
  }
  expect(written.join('')).toContain('The message function of question \\"name\\" threw');
});
