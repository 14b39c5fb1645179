import { ToolCallAnswers, thrownAnswer } from '../../src/accelerators/lane/direct/tool-call-answer';

const INFO = { name: 's', version: '1' };
const KEY = 'io.modelcontextprotocol/serverInfo';
const answers = new ToolCallAnswers(INFO);
const text = (result: object, id: string | number = 1) => {
  const answer = answers.answer(id, result as never);
  if (!('text' in answer)) throw new Error(`not a result: ${JSON.stringify(answer.error)}`);
  return answer.text;
};

// The bytes the SDK's encode seam gives (resultType appended, then _meta with the server's identity, keys
// in that order), written out here as the objects JSON.stringify would see.
describe('ToolCallAnswers (a direct call result as the SDK encodes it)', () => {
  it('appends resultType and the identity to a plain result, without copying it (same bytes as the whole object)', () => {
    const result = { content: [{ type: 'text', text: 'hi' }], isError: false };
    expect(text(result, 'x')).toBe(
      JSON.stringify({
        result: { ...result, resultType: 'complete', _meta: { [KEY]: INFO } },
        jsonrpc: '2.0',
        id: 'x',
      }),
    );
  });

  it("adds the identity to a result's own _meta, in place, and leaves a _meta that names one", () => {
    const own = { content: [], _meta: { 'example.com/a': 1 }, structuredContent: { n: 1 } };
    // the keys in the order of the SDK's schema output (_meta first), as the SDK sends them
    expect(text(own)).toBe(
      JSON.stringify({
        result: {
          _meta: { 'example.com/a': 1, [KEY]: INFO },
          content: [],
          structuredContent: { n: 1 },
          resultType: 'complete',
        },
        jsonrpc: '2.0',
        id: 1,
      }),
    );
    const named = { _meta: { [KEY]: { name: 'other', version: '2' } }, content: [] };
    expect(text(named)).toBe(JSON.stringify({ result: { ...named, resultType: 'complete' }, jsonrpc: '2.0', id: 1 }));
  });

  it('keeps a resultType the result already has', () => {
    expect(text({ content: [], resultType: 'complete' })).toBe(
      JSON.stringify({
        result: { content: [], resultType: 'complete', _meta: { [KEY]: INFO } },
        jsonrpc: '2.0',
        id: 1,
      }),
    );
  });

  it('gives a non-object structuredContent its text fallback, unless a text block is there', () => {
    expect(JSON.parse(text({ content: [], structuredContent: [1, 2] })).result.content).toEqual([
      { type: 'text', text: '[1,2]' },
    ]);
    expect(
      JSON.parse(text({ content: [{ type: 'text', text: 'mine' }], structuredContent: 3 })).result.content,
    ).toEqual([{ type: 'text', text: 'mine' }]);
  });

  it("answers a result the SDK's schema refuses with -32602 naming it", () => {
    const answer = answers.answer(4, { content: [{ type: 'text' }] } as never);
    expect(answer).toEqual({
      error: {
        jsonrpc: '2.0',
        id: 4,
        error: { code: -32602, message: expect.stringContaining('Invalid tools/call result') },
      },
    });
  });

  it('answers a thrown error with its code, message and data; -32002 as -32602; anything else -32603', () => {
    expect(thrownAnswer(1, { code: -31403, message: 'no', data: { a: 1 } })).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -31403, message: 'no', data: { a: 1 } },
    });
    expect(thrownAnswer(1, { code: -32002, message: 'gone' }).error.code).toBe(-32602);
    expect(thrownAnswer(1, new Error('x')).error).toEqual({ code: -32603, message: 'x' });
    expect(thrownAnswer(1, undefined).error).toEqual({ code: -32603, message: 'Internal error' });
  });
});
