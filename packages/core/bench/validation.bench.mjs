// Argument validation of one tools/call, in process: class-validator's executor alone against the DTO's
// compiled check (src/validation/compiled-check.ts), and validateArguments as it is (compiled check first)
// against validateArguments as it was (class-validator alone), on a one-field DTO (the benchmarks' echo) and
// a seven-field one. µs per call (best of 5 rounds) and JavaScript function calls per call (V8 precise
// coverage, exact), each also after 1 000 other DTOs were validated once (as in an app whose other tools
// were called: class-validator's default container finds a constraint's instance by scanning a list).
//   npm run bench -w @tessera/core          (builds first)
import 'reflect-metadata';
import { Session } from 'node:inspector/promises';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength, IsBoolean } from 'class-validator';
import validationDist from '../dist/validation/run-class-validator.js';
import compiledDist from '../dist/validation/compiled-check.js';
import argumentsDist from '../dist/validation/validate-arguments.js';
import prepareDist from '../dist/validation/prepare-instance.js';
import resultDist from '../dist/validation/validation-result.js';
import shapeDist from '../dist/validation/schema-shape-issues.js';
import optionsDist from '../dist/validation/validator-options.js';
import modelDist from '../dist/schema/dto-model.js';

const { runValidationSync } = validationDist;
const { compiledCheckFor } = compiledDist;
const { validateArguments } = argumentsDist;
const { VALIDATOR_OPTIONS } = optionsDist;

const decorate = (cls, field, ...decorators) => decorators.forEach((d) => d(cls.prototype, field));

class EchoArgs {}
decorate(EchoArgs, 'text', IsString());

class ProvisionArgs {}
decorate(ProvisionArgs, 'name', IsString(), MinLength(3), MaxLength(30));
decorate(ProvisionArgs, 'count', IsInt(), Min(1), Max(10));
decorate(ProvisionArgs, 'region', IsIn(['eu', 'us']));
decorate(ProvisionArgs, 'size', IsOptional(), IsIn(['s', 'm', 'l']));
decorate(ProvisionArgs, 'note', IsOptional(), IsString(), MaxLength(200));
decorate(ProvisionArgs, 'dryRun', IsOptional(), IsBoolean());
decorate(ProvisionArgs, 'owner', IsOptional(), IsString());

const CASES = [
  { cls: EchoArgs, input: { text: 'hello' } },
  {
    cls: ProvisionArgs,
    input: { name: 'web1', count: 3, region: 'eu', size: 'm', note: 'x', dryRun: false, owner: 'a' },
  },
];

/** validateArguments before the compiled check: the same steps, class-validator alone. */
function validateBefore(cls, input) {
  const model = modelDist.compileDtoModel(cls);
  const prepared = prepareDist.prepareInstance(model, input, {});
  if (prepared.done) return prepared.result;
  const instance = prepared.instance;
  return resultDist.finish(
    instance,
    runValidationSync(instance, VALIDATOR_OPTIONS),
    shapeDist.schemaShapeIssues(model, instance),
  );
}

function instanceOf(cls, input) {
  const prepared = prepareDist.prepareInstance(modelDist.compileDtoModel(cls), input, {});
  if (prepared.done) throw new Error(`${cls.name}: ${JSON.stringify(prepared.result)}`);
  return prepared.instance;
}

function variants({ cls, input }) {
  const instance = instanceOf(cls, input);
  const check = compiledCheckFor(cls, VALIDATOR_OPTIONS);
  if (!check || !check(instance) || runValidationSync(instance, VALIDATOR_OPTIONS).length)
    throw new Error(`${cls.name}: the input must be valid and the DTO compiled`);
  if (!validateArguments(cls, input).ok || !validateBefore(cls, input).ok) throw new Error(`${cls.name}: not ok`);
  return [
    ['class-validator executor alone', () => runValidationSync(instance, VALIDATOR_OPTIONS)],
    ['compiled check alone', () => check(instance)],
    ['validateArguments, before (class-validator alone)', () => validateBefore(cls, input)],
    ['validateArguments, now (compiled check first)', () => validateArguments(cls, input)],
  ];
}

function microseconds(fn, iterations = 20_000) {
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) fn();
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1000 / iterations);
  }
  return best;
}

async function callsPerCall(fn, iterations = 1000) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  await session.post('Profiler.takePreciseCoverage');
  for (let i = 0; i < iterations; i++) fn();
  const { result } = await session.post('Profiler.takePreciseCoverage');
  await session.post('Profiler.stopPreciseCoverage');
  session.disconnect();
  let calls = 0;
  for (const script of result) for (const f of script.functions) calls += f.ranges[0]?.count ?? 0;
  return calls / iterations;
}

/** 1 000 other one-field DTOs, each validated once (their constraint instances then sit in class-validator's container). */
function validateOthers() {
  for (let i = 0; i < 1000; i++) {
    const Other = { [`Other${i}`]: class {} }[`Other${i}`];
    decorate(Other, 'text', IsString());
    validateArguments(Other, { text: 'x' });
  }
}

async function table(title) {
  console.log(`\n${title}\n`);
  console.log('| DTO | Variant | µs per call | JS function calls per call |');
  console.log('|---|---|---:|---:|');
  for (const c of CASES) {
    for (const [name, fn] of variants(c)) {
      const us = microseconds(fn);
      const calls = await callsPerCall(fn);
      console.log(`| ${c.cls.name} | ${name} | ${us.toFixed(2)} | ${calls.toFixed(0)} |`);
    }
  }
}

console.log(
  `node ${process.version}, ${process.platform}/${process.arch}, ${new Date().toISOString()}; valid inputs (the hot path)`,
);
await table('## Fresh process: these DTOs validated first');
validateOthers();
await table('## After 1 000 other DTOs were validated once');
