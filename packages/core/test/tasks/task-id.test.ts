import { isWellFormedTaskId, newTaskId } from '../../src/tasks/task-id';

describe('task ids', () => {
  it('are 128 bits of base64url, different every time', () => {
    const ids = new Set(Array.from({ length: 2000 }, newTaskId));
    expect(ids.size).toBe(2000);
    for (const id of ids) {
      expect(isWellFormedTaskId(id)).toBe(true);
      expect(Buffer.from(id, 'base64url')).toHaveLength(16);
    }
  });

  it('spread over every character position (no fixed prefix or counter)', () => {
    const firsts = new Set(Array.from({ length: 500 }, () => newTaskId()[0]));
    expect(firsts.size).toBeGreaterThan(40);
  });

  it('anything of another shape is not a task id', () => {
    for (const bad of ['', 'short', 'A'.repeat(23), 'A'.repeat(21) + '=', 42, null, undefined, { id: 'x' }])
      expect(isWellFormedTaskId(bad)).toBe(false);
  });
});
