import type { AppSurface } from '@tessera/core/advanced';

/** What the dev loop tells a server child. */
export type ToServer = { type: 'serve'; port: number } | { type: 'serve-stdio' } | { type: 'stop' };

/** What a server child tells the dev loop. */
export type FromServer =
  /** The entry loaded and createApp accepted it. */
  | { type: 'loaded'; surface: AppSurface }
  /** The entry failed to load, exports no app, or createApp refused it. */
  | { type: 'refused'; message: string; exitCode: number }
  | { type: 'listening'; url: string }
  /** listen failed (the port is taken). */
  | { type: 'serve-failed'; message: string };

/** What the dev loop tells its reaper: a pid, or a process group as its negative, and how to stop it. */
export type ToReaper = { type: 'watch'; target: number; signal: NodeJS.Signals } | { type: 'forget'; target: number };
