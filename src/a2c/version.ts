/**
 * Protocol versions: MAJOR.MINOR.PATCH; in v0.x only equal MAJOR.MINOR are compatible, from 1.0
 * the server's MINOR must be ≥ the client's (a2c-smcp-protocol/docs/specification/versioning.md
 * "兼容性判定规则"). The Computer only announces its version; servers decide, and the test server
 * uses `isCompatible` for its middleware.
 */

export interface ProtocolVersion {
  major: number;
  minor: number;
  patch: number;
}

export function parseProtocolVersion(text: string): ProtocolVersion | null {
  const match = /^(\d{1,6})\.(\d{1,6})\.(\d{1,6})$/.exec(text);
  if (!match) return null;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

export function isCompatible(client: ProtocolVersion, server: ProtocolVersion): boolean {
  if (client.major !== server.major) return false;
  return client.major === 0 ? client.minor === server.minor : client.minor <= server.minor;
}

export function formatVersion(v: ProtocolVersion): string {
  return `${v.major}.${v.minor}.${v.patch}`;
}
