import type { ToReaper } from './dev-messages';

// The reaper of `tessera dev` (forked with an IPC channel, in its own process group):
// `node reaper-child.js`. Node has no parent-death signal, and the compiler, the Inspector and their helpers
// do not watch their parent; the channel closing is that signal, however the dev process ends (SIGKILL
// included). Told each child as it starts, it stops the ones still running when the channel closes.

/** How long a server may drain after SIGTERM before it is killed: the dev loop's own stop deadline. */
const KILL_AFTER_MS = 12_000;
const LOOK_EVERY_MS = 100;

/** pid (negative: a process group) to the signal that stops it. */
const watched = new Map<number, NodeJS.Signals>();

const alive = (target: number): boolean => {
  try {
    process.kill(target, 0);
    return true;
  } catch {
    return false;
  }
};

const signal = (target: number, name: NodeJS.Signals): void => {
  try {
    process.kill(target, name);
  } catch {
    // already gone
  }
};

process.on('message', (message: ToReaper) => {
  if (message.type === 'watch') watched.set(message.target, message.signal);
  else watched.delete(message.target);
});

process.on('disconnect', () => {
  watched.forEach((name, target) => signal(target, name));
  const deadline = Date.now() + KILL_AFTER_MS;
  const look = (): void => {
    const left = [...watched.keys()].filter(alive);
    if (left.length === 0) process.exit(0);
    if (Date.now() < deadline) return void setTimeout(look, LOOK_EVERY_MS);
    left.forEach((target) => signal(target, 'SIGKILL'));
    process.exit(0);
  };
  look();
});
// The terminal's Ctrl+C and hang-up are the dev process's to handle; this process goes when its channel does.
process.on('SIGINT', () => undefined);
process.on('SIGHUP', () => undefined);
