import type { HttpAuthOptions } from '../auth/http-auth-options';
import type { LegacySessionOptions } from '../endpoint/legacy-sessions';

/** How `createApp` serves the module: the settings that are not the module's own. */
export interface CreateAppOptions {
  /** Bearer-token authentication for HTTP. */
  auth?: HttpAuthOptions;
  /**
   * Serve 2025-era clients over HTTP with sessions (`Mcp-Session-Id`), so dependency parameters can ask them
   * with push requests. Sessions live in this process: run one instance, or route on `Mcp-Session-Id` (sticky).
   * Off by default: 2025 HTTP is stateless, and a question there answers -32021.
   */
  legacySessions?: boolean | LegacySessionOptions;
  /**
   * Build the app's root container as a child of tsyringe's global `container`, so what is registered there
   * (`container.register`, tsyringe's own `@singleton()` and `@registry`) reaches this app's providers and
   * services. Off by default: each app's root container stands alone, so registrations in the global one
   * (made by another app, a library or a test) never leak into it; list what the app needs in `services`.
   */
  useGlobalContainer?: boolean;
}
