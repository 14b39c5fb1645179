import * as root from 'class-validator';
import * as names from '../../src/schema/constraint-names';

// Schema building names class-validator's built-in decorators without loading class-validator: each name must
// be class-validator's own constant (a rename there would silently drop a keyword from every schema).
test("each constraint name is class-validator's constant of the same name", () => {
  const rootValues = root as unknown as Record<string, unknown>;
  const entries = Object.entries(names);
  expect(entries.length).toBeGreaterThan(20);
  for (const [name, value] of entries) expect([name, value]).toEqual([name, rootValues[name]]);
});
