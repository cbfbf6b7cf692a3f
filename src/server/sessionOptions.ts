/** What `serve` configures for every MCP connection; all off by default. */
import type { LogTap } from '../util/logger.js';
import type { Approver, ConfirmPolicy } from './approval.js';
import type { AuditLog } from './audit.js';
import type { ActivityFeed } from './console/activity.js';
import type { PauseSwitch } from './console/pause.js';
import type { ToolFilter } from './toolFilter.js';

export interface SessionOptions {
  /** Lists `app__read_windows` (--read-tool). */
  readTool?: boolean;
  /** --stable-tools: `tools/list` is `read_windows` and `act`, and never changes. */
  stableTools?: boolean;
  /** --read-only, --tools, --exclude-tools. */
  filter?: ToolFilter;
  /** --confirm: which calls a human approves first, and who asks. */
  confirm?: { policy: ConfirmPolicy; approver: Approver };
  /** --audit-log FILE. */
  audit?: AuditLog;
  /** Log lines forwarded as MCP `notifications/message` (logging capability). */
  logTap?: LogTap;
  /** The owner's console: every call and notification, as the audit log shows them. */
  activity?: ActivityFeed;
  /** The owner's Pause switch: while on, actions are refused, reads work. */
  pause?: PauseSwitch;
  /** First progress notification after this long, then as often (default 1000 ms). */
  progressEveryMs?: number;
}
