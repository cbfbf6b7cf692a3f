/** X11 through the pure-JS `x11` package: connection, EWMH windows, window actions, change feed. */
export { EVENT_MASK, isGoneError, parseHexId, toHexId, X11Connection, X11Error, type X11ErrorCode } from './connection.js';
export { activateWindow, activeWindow, closeWindow, waitActive, type ActivateResult } from './actions.js';
export { X11Watcher, type WindowProperty, type X11Change } from './events.js';
export { toNativeWindow } from './nativeWindow.js';
export { classifyWindowType, listWindows, readRootState, readWindow, type FrameExtents, type RootState, type X11Window } from './windows.js';
export { queryClientPid } from './xres.js';
