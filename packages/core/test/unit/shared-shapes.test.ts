import { execFile } from 'node:child_process';
import path from 'node:path';

// What an app keeps per tool for its whole life (the handler plan, each property's schema, each field's
// metadata) is built so that every tool's object shares one hidden class. An object copied by spreading and
// then given one more key gets a hidden class of its own in V8 (a map and its descriptors, a few hundred bytes a
// tool, and slower to build), which is what these structures were before.

const support = path.join(__dirname, '..', 'e2e', 'support');
const fixture = path.join(__dirname, '..', 'e2e', 'fixtures', 'shared-shapes.fixture.ts');

test('plans, property schemas and field metadata of 600 tools share their hidden classes', async () => {
  const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const args = ['--allow-natives-syntax', '-r', path.join(support, 'register-sources.cjs'), fixture];
    execFile(process.execPath, args, { timeout: 60_000 }, (error, out, err) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: out, stderr: err }),
    );
  });
  expect(stderr).toBe('');
  expect(code).toBe(0);
  expect(JSON.parse(stdout)).toEqual({ plans: true, propertySchemas: true, fieldMetadata: true });
}, 90_000);
