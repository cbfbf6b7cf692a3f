/**
 * The flags of every command that opens a source, apart from the code that opens it (source.ts):
 * serve's option table is built from them, and it must not load what opening a source loads (the
 * config, which itself reads serve's table to check a config's defaults).
 */
import { DEMO_FLAGS, DEMO_HELP, type DemoFlagValues } from './demoOptions.js';
import { LIVE_FLAGS, LIVE_HELP, type LiveFlagValues } from './liveSource.js';

/** Flags every command that opens a source accepts. */
export const SOURCE_FLAGS = {
  ...LIVE_FLAGS,
  ...DEMO_FLAGS,
  fixture: { type: 'string' },
  translator: { type: 'string', multiple: true },
  config: { type: 'string' },
} as const;

export const SOURCE_HELP = `${LIVE_HELP}
${DEMO_HELP}
  --fixture PATH         replay a recorded fixture offline (fixtures/<app>/<scenario>.json);
                         reads work, actions fail with a clear error
  --translator PATH|PACKAGE  load a translator module before the built-in ones (repeatable;
                         translators/README.md); one that does not load stops the command (exit 2)
  --config FILE          translators and default flags (default: gui-bridge.config.json or
                         gui-bridge.config.js in the working folder)`;

export interface SourceFlagValues extends DemoFlagValues, LiveFlagValues {
  demo?: boolean;
  fixture?: string;
  translator?: string[];
  config?: string;
}
