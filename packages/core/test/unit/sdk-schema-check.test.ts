import { specTypeSchemas } from '@modelcontextprotocol/server';
import { checkSpecType, checkWithSchema, type StandardFace } from '../../src/accelerators/lane/direct/sdk-schema-check';

const request = {
  method: 'tools/call',
  params: { name: 'echo', arguments: { text: 'hi' }, _meta: { 'example.com/x': 1 } },
};
const badRequest = { method: 'tools/call', params: { name: 42 } };
const result = { content: [{ type: 'text', text: 'hi' }], structuredContent: { text: 'hi' } };
const badResult = { content: [{ type: 'text' }] };

/** The same SDK schema seen through its Standard Schema face only (what the check falls back to if the SDK stops being zod). */
const standardOnly = (name: 'CallToolRequest' | 'CallToolResult'): StandardFace => ({
  '~standard': (specTypeSchemas[name] as unknown as StandardFace)['~standard'],
});

describe("checkSpecType (the SDK's own spec schemas on the direct path)", () => {
  it("gives the schema's output for a valid value and the SDK's error text for an invalid one", () => {
    expect(checkSpecType('CallToolRequest', request)).toEqual({ ok: true, value: request });
    expect(checkSpecType('CallToolResult', result)).toEqual({ ok: true, value: expect.objectContaining(result) });
    const refused = checkSpecType('CallToolRequest', badRequest);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message).toMatch(/name/);
  });

  it('without safeParse, agrees with the zod path through the Standard Schema face, issues joined as the message', () => {
    for (const [name, good, bad] of [
      ['CallToolRequest', request, badRequest],
      ['CallToolResult', result, badResult],
    ] as const) {
      expect(checkWithSchema(standardOnly(name), good)).toEqual(checkSpecType(name, good));
      const refused = checkWithSchema(standardOnly(name), bad);
      expect(refused.ok).toBe(false);
      expect(checkSpecType(name, bad).ok).toBe(false);
      expect(!refused.ok && refused.message.length).toBeGreaterThan(0);
    }
    const twoIssues: StandardFace = {
      '~standard': { validate: () => ({ issues: [{ message: 'first' }, { message: 'second' }] }) },
    };
    expect(checkWithSchema(twoIssues, {})).toEqual({ ok: false, message: 'first; second' });
  });

  it('refuses loudly a schema that validates asynchronously (the direct path answers synchronously)', () => {
    const later: StandardFace = { '~standard': { validate: async () => ({ value: {} }) } };
    expect(() => checkWithSchema(later, {})).toThrow('validates asynchronously');
  });
});
