import path from 'node:path';
import { runSourceAsync } from '../e2e/support/run-source';

// What an app keeps per tool for its whole life (the handler plan, each property's schema, each field's
// metadata) is built so that every tool's object shares one hidden class. An object copied by spreading and
// then given one more key gets a hidden class of its own in V8 (a map and its descriptors, a few hundred bytes a
// tool, and slower to build), which is what these structures were before.

const fixture = path.join(__dirname, '..', 'e2e', 'fixtures', 'shared-shapes.fixture.ts');

test('plans, property schemas and field metadata of 600 tools share their hidden classes', async () => {
  const { code, stdout, stderr } = await runSourceAsync([fixture], { flags: ['--allow-natives-syntax'] });
  expect(stderr).toBe('');
  expect(code).toBe(0);
  expect(JSON.parse(stdout)).toEqual({ plans: true, propertySchemas: true, fieldMetadata: true });
}, 90_000);
