import { readFileSync } from 'node:fs';

export type Leg = 'server' | 'client';

/** One entry of the expected-failures file: a whole scenario, or one check of it (`scenario:check-id`). */
export interface ExpectedFailure {
  leg: Leg;
  scenario: string;
  check?: string;
  reason: string;
  line: number;
}

/**
 * Reads the expected-failures file: the suite's own `--expected-failures` layout (`server:` and `client:`
 * lists of `scenario` or `scenario:check-id`), where every entry also says why on its line, after `#`:
 *
 *     server:
 *       - tasks-lifecycle   # the Tasks extension is not served yet
 *
 * Anything else (an entry without a reason, an unknown key, a repeated entry) is refused with its line.
 */
export function parseExpectedFailures(text: string, file = 'expected-failures'): ExpectedFailure[] {
  const entries: ExpectedFailure[] = [];
  const seen = new Set<string>();
  let leg: Leg | undefined;
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    const where = `${file}:${line}`;
    if (/^\s*(#.*)?$/.test(raw)) return;
    const key = /^(\w+):\s*(\[\])?\s*(#.*)?$/.exec(raw);
    if (key) {
      if (key[1] !== 'server' && key[1] !== 'client')
        throw new Error(`${where}: unknown key "${key[1]}" (expected server: or client:)`);
      leg = key[1];
      return;
    }
    const item = /^\s+-\s+([^\s#]+)\s*(?:#\s*(.*?))?\s*$/.exec(raw);
    if (!item) throw new Error(`${where}: expected "  - scenario  # reason", got ${JSON.stringify(raw)}`);
    if (!leg) throw new Error(`${where}: an entry before any server: or client: list`);
    const [, name, reason] = item;
    if (!reason) throw new Error(`${where}: "${name}" needs a reason after "#" (why it may fail, and until when)`);
    if (seen.has(`${leg} ${name}`)) throw new Error(`${where}: "${name}" is listed twice under ${leg}:`);
    seen.add(`${leg} ${name}`);
    // auth scenarios carry a slash, never a colon: the first colon separates the check id
    const colon = name.indexOf(':');
    entries.push({
      leg,
      scenario: colon < 0 ? name : name.slice(0, colon),
      ...(colon < 0 ? {} : { check: name.slice(colon + 1) }),
      reason,
      line,
    });
  });
  return entries;
}

export function readExpectedFailures(file: string): ExpectedFailure[] {
  return parseExpectedFailures(readFileSync(file, 'utf8'), file);
}
