// dbus-next's client authentication (EXTERNAL, DBUS_COOKIE_SHA1, ANONYMOUS): for a server that
// refuses our own EXTERNAL (auth.ts), we run it on our own socket, then read and write messages
// with our own codec (wire.ts, wireRead.ts).
declare module 'dbus-next/lib/handshake.js' {
  function clientHandshake(stream: NodeJS.ReadWriteStream, opts: Record<string, unknown>, done: (error: unknown, guid?: string) => void): void;
  export default clientHandshake;
}
