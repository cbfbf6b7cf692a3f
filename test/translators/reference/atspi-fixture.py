#!/usr/bin/python3
"""Reference dump: one application's windows through pyatspi, written in gui-bridge's fixture format.
Used only until the project's own Linux probe can run `gui-bridge record`; fixtures made with it say
so in recording.tool. Password text is never read: password nodes carry '' or the mask.
Usage: atspi-fixture.py APP_NAME OUT.json [title-substring] [note] [scrub=replacement ...] [--compact] [--shown-sizes]
--shown-sizes: instead of every node's screen bounds, ask the size of shown nodes of GTK 4 and Qt
apps only (GTK 4 in window coordinates, Qt in screen ones: Qt 5's window extents are wrong), and
mark those that take no room `zeroSize`: no width or height, or wholly left of or above the origin
(the bridge's show rule, src/platform/linux/atspi/sizes.ts sizeCoordsOf and takesNoRoom). Screen
coordinates make GTK 4 warn on every call, and extents of a GTK 3 tree view that is not realized
print CRITICALs: a dump taken beside a survival test must not cause either."""
import datetime, json, subprocess, sys, pyatspi
from atspi_cells import on_screen_cells

MASK = '\u2022' * 6
FLAGS = ('--compact', '--shown-sizes')
argv = [a for a in sys.argv if a not in FLAGS]
app_name, out = argv[1], argv[2]
title_filter = argv[3] if len(argv) > 3 else ''
note = argv[4] if len(argv) > 4 else None
compact = '--compact' in sys.argv
shown_sizes = '--shown-sizes' in sys.argv
scrubs = [a.split('=', 1) for a in argv[5:]]
gtk4 = False  # set per application: GTK 4 never sets `showing` below the window
sizes_tell = False  # GTK 4 and Qt: where the bridge asks sizes too (src/platform/linux/atspi/sizes.ts)

def scrub(s):
    for a, b in scrubs:
        s = s.replace(a, b)
    return s

def snake(s):
    return s.replace('-', '_').replace(' ', '_').lower()

refs = {}
def ref_of(acc, app_i):
    key = (app_i, acc.path)
    if key not in refs:
        refs[key] = '%d:%s' % (app_i, acc.path)
    return refs[key]

def node(acc, app_i, counter):
    counter[0] += 1
    role = snake(acc.getRoleName())
    n = {'ref': ref_of(acc, app_i), 'role': role, 'name': scrub(acc.name or '')}
    desc = acc.description or ''
    if desc:
        n['description'] = scrub(desc)
    ifaces = acc.get_interfaces()
    secret = role == 'password_text'
    value = None
    if 'Text' in ifaces:
        t = acc.queryText()
        value = t.getText(0, t.characterCount)
    elif 'Value' in ifaces and role in ('slider', 'spin_button', 'progress_bar', 'level_bar', 'dial'):
        v = acc.queryValue().currentValue
        value = ('%d' % v) if float(v).is_integer() else ('%g' % v)
    if secret:
        value = '' if not value else MASK
        n['sensitive'] = True
    if value is not None:
        n['value'] = scrub(value)
    n['states'] = sorted(snake(pyatspi.stateToString(s)) for s in acc.getState().getStates())
    attrs = {}
    for a in acc.getAttributes():
        k, _, v = a.partition(':')
        attrs[k] = scrub(v)
    if attrs:
        n['attributes'] = attrs
    rels = []
    for r in acc.getRelationSet():
        targets = [ref_of(r.getTarget(i), app_i) for i in range(r.getNTargets()) if r.getTarget(i) is not None]
        rels.append({'type': snake(r.getRelationType().value_nick), 'targets': targets})
    if rels:
        n['relations'] = rels
    if 'Action' in ifaces:
        a = acc.queryAction()
        n['actions'] = [a.getName(i) for i in range(a.nActions)]
    if shown_sizes:
        if sizes_tell and 'Component' in ifaces and 'visible' in n['states'] and (gtk4 or 'showing' in n['states']):
            e = acc.queryComponent().getExtents(pyatspi.WINDOW_COORDS if gtk4 else pyatspi.DESKTOP_COORDS)
            if e.width <= 0 or e.height <= 0 or e.x + e.width <= 0 or e.y + e.height <= 0:
                n['zeroSize'] = True
    elif 'Component' in ifaces:
        e = acc.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        if e.x > -2**30 and e.y > -2**30:
            n['bounds'] = {'x': e.x, 'y': e.y, 'width': e.width, 'height': e.height}
    kids = []
    cells = on_screen_cells(acc)
    for c in (cells if cells is not None else (acc.getChildAtIndex(i) for i in range(acc.childCount))):
        if c is not None:
            try:
                kids.append(node(c, app_i, counter))
            except Exception:
                pass  # the object went away while being read (LibreOffice re-creates status bar items)
    n['children'] = kids
    return n

def x11_windows():
    rows = subprocess.run(['wmctrl', '-l', '-p', '-G'], capture_output=True, text=True).stdout.splitlines()
    out = []
    for line in rows:
        parts = line.split(None, 8)
        if len(parts) < 9:
            continue
        xid, _, pid, x, y, w, h, _, title = parts
        props = subprocess.run(['xprop', '-id', xid, '_NET_WM_STATE', 'WM_TRANSIENT_FOR', '_NET_WM_WINDOW_TYPE', 'WM_CLASS'], capture_output=True, text=True).stdout
        out.append({'xid': xid, 'pid': int(pid), 'title': title, 'bounds': {'x': int(x), 'y': int(y), 'width': int(w), 'height': int(h)}, 'props': props})
    return out

def prop(props, name):
    for line in props.splitlines():
        if line.startswith(name):
            return line.split('=', 1)[1].strip() if '=' in line else ''
    return ''

desk = pyatspi.Registry.getDesktop(0)
xwins = x11_windows()
apps, windows, trees = [], [], {}
for i in range(desk.childCount):
    app = desk.getChildAtIndex(i)
    if app is None or app.name != app_name:
        continue
    pid = app.get_process_id()
    gtk4 = app.get_toolkit_name().lower() == 'gtk' and app.get_toolkit_version().startswith('4.')
    sizes_tell = gtk4 or app.get_toolkit_name().lower() == 'qt'
    mine = [w for w in xwins if w['pid'] == pid]
    key = 'app-%d' % (len(apps) + 1)
    for j in range(app.childCount):
        win = app.getChildAtIndex(j)
        if win is None or title_filter not in (win.name or ''):
            continue
        st = [pyatspi.stateToString(s) for s in win.getState().getStates()]
        if 'visible' not in st:
            continue
        match = [w for w in mine if w['title'] == win.name] or mine[:1]
        if not match:
            continue
        xw = match[0]; mine.remove(xw)
        counter = [0]
        root = node(win, len(apps) + 1, counter)
        transient = prop(xw['props'], 'WM_TRANSIENT_FOR')
        owner = transient.split()[-1] if 'window id' in transient else None
        wtype = prop(xw['props'], '_NET_WM_WINDOW_TYPE')
        cls = prop(xw['props'], 'WM_CLASS').replace('"', '').split(', ')
        native = '0x%x' % int(xw['xid'], 16)
        windows.append({
            'nativeId': native, 'appKey': key, 'pid': None, 'title': scrub(xw['title']),
            'ownerNativeId': ('0x%x' % int(owner, 16)) if owner else None,
            'modal': '_NET_WM_STATE_MODAL' in xw['props'], 'active': 'active' in st, 'fullscreen': '_NET_WM_STATE_FULLSCREEN' in xw['props'],
            'bounds': xw['bounds'], 'windowType': 'dialog' if 'DIALOG' in wtype else 'normal', 'className': cls[-1] if cls and cls[-1] else app_name,
        })
        trees[native] = {'root': root, 'nodeCount': counter[0], 'truncated': False, 'warnings': []}
    if trees:
        apps.append({'key': key, 'id': app_name, 'name': app_name, 'pid': None, 'actions': []})
fixture = {
    'format': 'gui-bridge-fixture', 'version': 1,
    'recording': {'tool': 'pyatspi-reference-dump', 'toolVersion': '1', 'platform': 'linux',
                  'recordedAt': datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%S.000Z'), 'app': app_name},
    'apps': apps, 'windows': windows, 'trees': trees,
}
if note:
    fixture['recording']['note'] = note
with open(out, 'w') as f:
    json.dump(fixture, f, indent=None if compact else 2, ensure_ascii=False, separators=(',', ':') if compact else None)
    f.write('\n')
print('wrote', out, len(windows), 'windows', sum(t['nodeCount'] for t in trees.values()), 'nodes')
