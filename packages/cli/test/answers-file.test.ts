import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerFromFile } from '../src/answers/answer-from-file';
import { loadAnswers, parseAnswers } from '../src/answers/answers-file';
import { CliError } from '../src/errors/cli-error';
import { fieldsFromSchema } from '../src/form/fields-from-schema';

const fields = fieldsFromSchema({
  type: 'object',
  properties: { audience: { type: 'string', enum: ['engineers', 'executives'] }, note: { type: 'string' } },
  required: ['audience'],
});
const Q = 'question "audience"';

describe('answers file', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'tessera-answers-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loads answers keyed by question key', () => {
    const path = join(dir, 'a.json');
    writeFileSync(path, JSON.stringify({ audience: { audience: 'executives' }, length: 'decline' }));
    const answers = loadAnswers(path);
    expect([...answers.keys()]).toEqual(['audience', 'length']);
  });

  it('names the file and the problem when it is missing, not JSON, or not an object', () => {
    expect(() => loadAnswers(join(dir, 'missing.json'))).toThrow(
      `cannot read the answers file ${join(dir, 'missing.json')}: ENOENT`,
    );
    expect(() => parseAnswers('{nope', 'x.json')).toThrow('the answers file x.json is not valid JSON');
    expect(() => parseAnswers('[1]', 'x.json')).toThrow('the answers file x.json must hold one JSON object');
  });

  it('accepts plain content, an explicit action, or an action word', () => {
    expect(answerFromFile({ audience: 'engineers' }, fields, Q)).toEqual({
      action: 'accept',
      content: { audience: 'engineers' },
    });
    expect(answerFromFile({ action: 'accept', content: { audience: 'executives', note: 'hi' } }, fields, Q)).toEqual({
      action: 'accept',
      content: { audience: 'executives', note: 'hi' },
    });
    expect(answerFromFile('decline', fields, Q)).toEqual({ action: 'decline' });
    expect(answerFromFile({ action: 'cancel' }, fields, Q)).toEqual({ action: 'cancel' });
    expect(answerFromFile('accept', undefined, Q)).toEqual({ action: 'accept' }); // URL mode: consent only
  });

  it('fills a field left out with its default (SEP-1034), a required one too', () => {
    const withDefaults = fieldsFromSchema({
      type: 'object',
      properties: {
        size: { type: 'integer', default: 3 },
        mode: { type: 'string', enum: ['fast', 'safe'], default: 'safe' },
        note: { type: 'string' },
      },
      required: ['size'],
    });
    expect(answerFromFile({ note: 'hi' }, withDefaults, Q)).toEqual({
      action: 'accept',
      content: { note: 'hi', size: 3, mode: 'safe' },
    });
    expect(answerFromFile({ size: 7 }, withDefaults, Q)).toEqual({
      action: 'accept',
      content: { size: 7, mode: 'safe' },
    });
  });

  it('checks the content like a typed answer, naming the question and the field', () => {
    const bad =
      (entry: unknown): (() => unknown) =>
      () =>
        answerFromFile(entry, fields, Q);
    expect(bad({ audience: 'pirates' })).toThrow(CliError);
    expect(bad({ audience: 'pirates' })).toThrow(
      'the answer to question "audience": field "audience" must be one of engineers, executives',
    );
    expect(bad({ note: 'x' })).toThrow('field "audience" is required');
    expect(bad({ audiance: 'engineers' })).toThrow('has no field "audiance" (its fields: audience, note)');
    expect(bad(42)).toThrow('must be an object of field values, or "accept", "decline" or "cancel"');
    expect(bad({ action: 'accept', content: 'x' })).toThrow(
      'the "content" of the answer to question "audience" must be an object',
    );
  });
});
