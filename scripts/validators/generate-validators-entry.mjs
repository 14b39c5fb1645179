// Writes packages/core/src/validators.ts (`@tessera/core/validators`): every runtime value class-validator's root
// exports, each taken from the one file that defines it, so a DTO loads only the decorators it uses (the root
// loads all 322 modules, libphonenumber-js and validator.js whole). Rerun after a class-validator upgrade:
// validators-entry.test.ts fails until the entry mirrors the root again.
// The decorators shareable-constraints.mjs finds shareable register one constraint class per name instead of one
// per use (packages/core/src/validation/shared-constraint.ts).
//   node scripts/validators/generate-validators-entry.mjs            (writes the entry)
//   node scripts/validators/generate-validators-entry.mjs --check    (exits 1 if the entry differs from its output)
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { shareability } from './shareable-constraints.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(path.join(ROOT, 'packages/core/package.json'));
const rootFile = require.resolve('class-validator');
const cjs = path.dirname(rootFile);
const root = require('class-validator');

/** name -> the cjs file (relative, no extension) that assigns it, following the root's `__exportStar`s. */
const definedIn = new Map();
function walk(file) {
  const text = readFileSync(file, 'utf8');
  for (const [, rel] of text.matchAll(/__exportStar\(require\("([^"]+)"\), exports\)/g)) {
    walk(require.resolve(path.resolve(path.dirname(file), rel)));
  }
  for (const [, name] of text.matchAll(/^exports\.(\w+) = (?!void 0)/gm)) {
    if (!definedIn.has(name)) definedIn.set(name, path.relative(cjs, file).replace(/\.js$/, ''));
  }
}
walk(rootFile);

const names = Object.keys(root);
const missing = names.filter((name) => !definedIn.has(name));
if (missing.length) throw new Error(`no defining file found for ${missing.join(', ')}`);

// The root's own functions: class-validator's index.js defines them over the container and the Validator.
const OWN = {
  validate: 'validate',
  validateOrReject: 'validateOrReject',
  validateSync: 'validateSync',
};
/** A decorator factory that may share its constraint class (shareable-constraints.mjs), read from its own file. */
const sources = new Map();
function shareable(name, file) {
  if (!sources.has(file)) sources.set(file, shareability(readFileSync(path.join(cjs, `${file}.js`), 'utf8')));
  return sources.get(file).get(name) === '';
}
const lines = [];
for (const name of names) {
  const file = definedIn.get(name);
  const value = root[name];
  const spec = `class-validator/cjs/${file}`;
  if (typeof value === 'string') {
    lines.push(`export const ${name} = ${JSON.stringify(value)};`);
  } else if (typeof value === 'function' && /^class /.test(Function.prototype.toString.call(value))) {
    // a class is itself (instanceof, extends, static members), so its small file loads with the entry
    lines.push(
      `export const ${name}: typeof CV.${name} = (require('${spec}') as typeof CV).${name};`,
      `export type ${name} = CV.${name};`,
    );
  } else if (typeof value === 'function' && file === 'index' && OWN[name]) {
    lines.push(
      `export const ${name} = onFirstUse<typeof CV.${name}>('${name}', () => {`,
      `  const { getFromContainer } = require('class-validator/cjs/container') as typeof CV;`,
      `  const { Validator } = require('class-validator/cjs/validation/Validator') as typeof CV;`,
      `  return ((schemaNameOrObject: string | object, objectOrOptions?: object, maybeOptions?: CV.ValidatorOptions) =>`,
      `    typeof schemaNameOrObject === 'string'`,
      `      ? getFromContainer(Validator).${name}(schemaNameOrObject, objectOrOptions as object, maybeOptions)`,
      `      : getFromContainer(Validator).${name}(schemaNameOrObject, objectOrOptions)) as typeof CV.${name};`,
      `});`,
    );
  } else if (typeof value === 'function' && file === 'index' && name === 'registerSchema') {
    lines.push(
      `export const registerSchema = onFirstUse<typeof CV.registerSchema>('registerSchema', () => {`,
      `  const { getMetadataStorage } = require('class-validator/cjs/metadata/MetadataStorage') as typeof CV;`,
      `  return (schema) => getMetadataStorage().addValidationSchema(schema);`,
      `});`,
    );
  } else if (typeof value === 'function' && file.startsWith('decorator/') && shareable(name, file)) {
    lines.push(
      `export const ${name} = sharedConstraint<typeof CV.${name}>('${name}', () => (require('${spec}') as typeof CV).${name});`,
    );
  } else if (typeof value === 'function' && file !== 'index') {
    lines.push(
      `export const ${name} = onFirstUse<typeof CV.${name}>('${name}', () => (require('${spec}') as typeof CV).${name});`,
    );
  } else {
    throw new Error(`class-validator's ${name} (${typeof value}, in ${file}) has no rule here`);
  }
}

const out = `// GENERATED by scripts/validators/generate-validators-entry.mjs from class-validator ${require('class-validator/package.json').version}'s cjs/index.js:
// do not edit, rerun it (validators-entry.test.ts fails when class-validator's root and this entry differ).
/**
 * class-validator's decorators, \`validate*\`, \`is*\` checks and constants, each loading only the file that
 * defines it on first use: a DTO importing from here loads the few files its decorators need, where
 * \`import { IsString } from 'class-validator'\` loads all of class-validator (libphonenumber-js and validator.js
 * whole). Same functions, same metadata storage, same messages: importing from \`class-validator\` keeps working.
 * A built-in decorator whose check reads only the value and its constraints registers one constraint class per
 * name and \`each\`, not one per use (./validation/shared-constraint.ts).
 *
 * @module @tessera/core/validators
 */
/* eslint-disable @typescript-eslint/no-require-imports, max-lines -- generated: one line per value */
import type * as CV from 'class-validator';
import { onFirstUse } from './validation/on-first-use';
import { sharedConstraint } from './validation/shared-constraint';

export type * from 'class-validator';

${lines.join('\n')}
`;
const target = path.join(ROOT, 'packages/core/src/validators.ts');
const options = await prettier.resolveConfig(target);
const formatted = await prettier.format(out, { ...options, filepath: target });
if (process.argv.includes('--check')) {
  if (readFileSync(target, 'utf8') !== formatted) {
    console.error('packages/core/src/validators.ts differs from what generate-validators-entry.mjs writes: rerun it');
    process.exit(1);
  }
} else {
  writeFileSync(target, formatted);
  console.log(`packages/core/src/validators.ts: ${names.length} values`);
}
