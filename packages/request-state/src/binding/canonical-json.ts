/**
 * Deterministic JSON: object keys sorted, no whitespace, every non-ASCII code unit escaped as \uXXXX.
 * Escaping per UTF-16 unit keeps lone surrogates distinct ("a\ud800" vs "a\udfff"): a TextEncoder would
 * turn both into U+FFFD and make different arguments digest the same.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      return Object.isFrozen(value) ? frozenCanonical(value) : canonicalComposite(value);
    default:
      throw new TypeError(`canonicalJson: cannot digest a ${typeof value}`);
  }
}

function canonicalComposite(value: object): string {
  return Array.isArray(value) ? canonicalArray(value) : canonicalObject(value as Record<string, unknown>);
}

// A deeply frozen value cannot change, so its text is kept: each flow leg digests its rendered question, whose
// schema is a compiled DTO's (deeply frozen, the same object every time). Only deep frozenness makes it safe.
const FROZEN = new WeakMap<object, string>();

function frozenCanonical(value: object): string {
  let text = FROZEN.get(value);
  if (text === undefined) {
    text = canonicalComposite(value);
    if (deeplyFrozen(value)) FROZEN.set(value, text);
  }
  return text;
}

function deeplyFrozen(value: object): boolean {
  if (!Object.isFrozen(value)) return false;
  return Object.values(value).every(
    (item) => typeof item !== 'object' || item === null || FROZEN.has(item) || deeplyFrozen(item),
  );
}

function canonicalArray(items: unknown[]): string {
  return `[${items.map((item) => (item === undefined || typeof item === 'function' ? 'null' : canonicalJson(item))).join(',')}]`;
}

function canonicalObject(record: Record<string, unknown>): string {
  // one string built as it goes (no parts array to join): what each digest of a leg's arguments and question costs
  let text = '{';
  const keys = sortedKeys(record);
  // an index, not for...of: an iterator result per key where V8 does not optimise this recursive function
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const item = record[key];
    if (item === undefined || typeof item === 'function') continue; // as JSON.stringify: such keys are absent
    text += `${text.length === 1 ? '' : ','}${quote(key)}:${canonicalJson(item)}`;
  }
  return `${text}}`;
}

// Up to this many keys are put in order by insertion: Array.prototype.sort allocates its run stack
// (over half a kilobyte) on every call, more than the sort of a few keys costs.
const FEW_KEYS = 8;

/** The object's keys in code-unit order, as `Object.keys(record).sort()` puts them. */
function sortedKeys(record: Record<string, unknown>): string[] {
  const keys = Object.keys(record);
  if (keys.length > FEW_KEYS) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    // strings compare by UTF-16 code units, as the default sort does; keys are distinct, so order is total
    for (; j >= 0 && keys[j]! > key; j--) keys[j + 1] = keys[j]!;
    keys[j + 1] = key;
  }
  return keys;
}

// Printable ASCII but the quote and the backslash: JSON.stringify writes such a string as it is, quoted.
const VERBATIM = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

function quote(text: string): string {
  // most keys and values are plain ASCII: quoted directly, without the escaping pass below
  if (VERBATIM.test(text)) return `"${text}"`;
  // JSON.stringify already escapes lone surrogates (ES2019); the replace makes the output pure ASCII
  return JSON.stringify(text).replace(
    /[\u007f-\uffff]/g,
    (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
