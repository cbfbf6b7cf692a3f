/**
 * `org.a11y.Bus` on a Wayland desktop's session bus, pointing at the desktop's own accessibility
 * bus (buses.ts), with `org.a11y.Status.IsEnabled = true`. Toolkits that do not read
 * AT_SPI_BUS_ADDRESS ask the session bus for this name: Qt 5 (through XWayland or natively),
 * and some Electron versions. Runs as its own small process for the desktop's lifetime
 * (`node a11yBusName.js SESSION_ADDRESS A11Y_ADDRESS`), started and stopped by pid like the rest.
 */
import dbus from 'dbus-next';
import { isMainModule, nodeModuleCommand } from './nodeCommand.js';

const { Message, MessageType, Variant, sessionBus } = dbus;
const NAME = 'org.a11y.Bus';
const PATH = '/org/a11y/bus';
const STATUS = 'org.a11y.Status';

/** The command line that runs this module as a process (compiled .js, or .ts under tsx in tests). */
export function a11yBusNameCommand(): string[] {
  return nodeModuleCommand(import.meta.url);
}

async function serve(sessionAddress: string, a11yAddress: string): Promise<void> {
  const bus = sessionBus({ busAddress: sessionAddress });
  const status: Record<string, boolean> = { IsEnabled: true, ScreenReaderEnabled: false };
  bus.addMethodHandler((msg: InstanceType<typeof Message>) => {
    if (msg.type !== MessageType.METHOD_CALL || msg.path !== PATH) return false;
    const reply = (signature: string, body: unknown[]) => bus.send(Message.newMethodReturn(msg, signature, body));
    if (msg.interface === NAME && msg.member === 'GetAddress') reply('s', [a11yAddress]);
    else if (msg.interface === 'org.freedesktop.DBus.Properties' && msg.member === 'Get' && msg.body[0] === STATUS)
      reply('v', [new Variant('b', status[String(msg.body[1])] ?? false)]);
    else if (msg.interface === 'org.freedesktop.DBus.Properties' && msg.member === 'GetAll' && msg.body[0] === STATUS)
      reply('a{sv}', [Object.fromEntries(Object.entries(status).map(([k, v]) => [k, new Variant('b', v)]))]);
    else if (msg.interface === 'org.freedesktop.DBus.Properties' && msg.member === 'Set') reply('', []);
    else return false;
    return true;
  });
  await bus.requestName(NAME, 4 /* DO_NOT_QUEUE */);
}

if (isMainModule(import.meta.url)) {
  const [sessionAddress, a11yAddress] = process.argv.slice(2);
  if (!sessionAddress || !a11yAddress) {
    process.stderr.write('usage: a11yBusName SESSION_ADDRESS A11Y_ADDRESS\n');
    process.exit(2);
  }
  serve(sessionAddress, a11yAddress).catch((error: unknown) => {
    process.stderr.write(`org.a11y.Bus: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
