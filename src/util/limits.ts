/**
 * Default limits of a served bridge, in a leaf module: the CLI's help and option
 * parsing name them without loading the bridge or the server.
 */
export const DEFAULT_MAX_WINDOWS_PER_APP = 200;
export const DEFAULT_MAX_SESSIONS = 100;
export const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;
