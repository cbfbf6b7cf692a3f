/**
 * `import … from 'gui-bridge'`: embed the server in another program. The CLI is `gui-bridge/cli`
 * (bin `gui-bridge`); the translator SDK has its own entry points (`gui-bridge/translate`,
 * `gui-bridge/testing`). Importing this module loads no platform code.
 */
export { PROTOCOL_NAME, PROTOCOL_VERSION, SERVER_NAME, SERVER_VERSION } from './version.js';
export { Bridge, type BridgeOptions } from './bridge/bridge.js';
export { SessionHub } from './server/hub.js';
export { createSessionServer } from './server/session.js';
export { serveStdio } from './server/stdio.js';
export { startHttpServer, type HttpOptions, type RunningHttpServer } from './server/http.js';
export type { SessionOptions } from './server/sessionOptions.js';
export { elicitationApprover, firstAnswer, type Approver, type ApprovalDecision, type ApprovalRequest } from './server/approval.js';
export { createToolFilter, type ToolFilterOptions } from './server/toolFilter.js';
export { createLogger, LogTap, silentLogger, type Logger } from './util/logger.js';
