/**
 * The helper behind our Wayland virtual keyboard, run as `python3 -c HELPER`. The protocol needs
 * the keymap as a file descriptor (zwp_virtual_keyboard_v1.keymap), which a Node socket cannot
 * pass; Python's `socket.sendmsg` can (SCM_RIGHTS). It speaks the Wayland wire directly, needs
 * only the standard library, and holds one keyboard with one keymap for its whole life.
 *
 * stdin, one batch a line: `m<mask>` sets the depressed modifiers, `k<code>:<1|0>` presses or
 * releases an evdev key. After each batch it waits for the compositor (wl_display.sync) and
 * prints `ok`. It prints `ready` once the keyboard exists. `hold` as argument: no input, just
 * keep the keyboard (and so the seat's keyboard capability) until killed or the compositor goes.
 */
export const VIRTUAL_KEYBOARD_HELPER = String.raw`
import array, os, socket, struct, sys, time
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect(os.path.join(os.environ['XDG_RUNTIME_DIR'], os.environ['WAYLAND_DISPLAY']))
ids = iter(range(2, 1 << 24))
def send(obj, op, body=b'', fds=None):
    data = struct.pack('<II', obj, ((8 + len(body)) << 16) | op) + body
    if fds: s.sendmsg([data], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array('i', fds))])
    else: s.sendall(data)
def text(t):
    b = t.encode() + b'\0'
    return struct.pack('<I', len(b)) + b + b'\0' * ((4 - len(b) % 4) % 4)
buf = b''
def roundtrip(on_event=None):
    global buf
    cb = next(ids); send(1, 0, struct.pack('<I', cb))
    while True:
        while len(buf) >= 8:
            obj, so = struct.unpack('<II', buf[:8]); size = so >> 16
            if len(buf) < size: break
            body, buf = buf[8:size], buf[size:]
            if obj == 1 and so & 0xffff == 0:
                sys.stderr.write('wayland error: ' + body[12:].split(b'\0')[0].decode() + '\n'); sys.exit(3)
            if obj == cb: return
            if on_event: on_event(obj, so & 0xffff, body)
        chunk = s.recv(65536)
        if not chunk: sys.exit(4)
        buf += chunk
registry = next(ids); send(1, 1, struct.pack('<I', registry))
found = {}
def on_global(obj, op, body):
    if obj == registry and op == 0:
        name, n = struct.unpack('<II', body[:8])
        found.setdefault(body[8:8 + n - 1].decode(), name)
roundtrip(on_global)
if 'wl_seat' not in found or 'zwp_virtual_keyboard_manager_v1' not in found:
    sys.stderr.write('no virtual keyboard protocol\n'); sys.exit(2)
def bind(iface):
    new = next(ids); send(registry, 0, struct.pack('<I', found[iface]) + text(iface) + struct.pack('<II', 1, new)); return new
seat, manager = bind('wl_seat'), bind('zwp_virtual_keyboard_manager_v1')
keyboard = next(ids); send(manager, 0, struct.pack('<II', seat, keyboard))
keymap = os.environ['GUI_BRIDGE_KEYMAP'].encode() + b'\0'
fd = os.memfd_create('keymap'); os.write(fd, keymap)
send(keyboard, 0, struct.pack('<II', 1, len(keymap)), [fd]); os.close(fd)
roundtrip(); print('ready', flush=True)
if sys.argv[1:] == ['hold']:
    while s.recv(65536): pass  # until the compositor goes
    sys.exit(0)
for line in sys.stdin:
    for word in line.split():
        if word[0] == 'm': send(keyboard, 2, struct.pack('<IIII', int(word[1:]), 0, 0, 0))
        elif word[0] == 'k':
            code, state = word[1:].split(':'); send(keyboard, 1, struct.pack('<III', int(time.monotonic() * 1000) & 0xffffffff, int(code), int(state)))
    roundtrip(); print('ok', flush=True)
`;
