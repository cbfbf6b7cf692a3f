/** Versions announced to clients. */
export const SERVER_NAME = 'gui-bridge';
export const SERVER_VERSION = '0.1.0';
export const PROTOCOL_NAME = 'GUI Bridge Protocol';
export const PROTOCOL_VERSION = '0.1.0';
