#!/usr/bin/python3
"""Independent AT-SPI reference for live tests (pyatspi, not our code). Prints one JSON value.

  atspi_probe.py focused-text PID        text of the focused text node of application PID
  atspi_probe.py extents PID ROLE LABEL   screen extents {x,y,width,height} of the first visible
                                          node with that role whose name or description is LABEL
  atspi_probe.py do-action PID ROLE LABEL runs action 0 of that node
  atspi_probe.py toplevels PID            the application's top-level accessibles
  atspi_probe.py names PID ROLE           names of the application's showing nodes with that role
  atspi_probe.py all-names PID ROLE       names of all its nodes with that role, shown or not
"""
import json
import sys

import pyatspi

MAX_NODES = 5000


def app_of(pid):
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        if app is not None and app.get_process_id() == pid:
            return app
    raise SystemExit(json.dumps({"error": "no accessible application with pid %d" % pid}))


def walk(node, budget):
    stack = [node]
    while stack and budget[0] > 0:
        current = stack.pop()
        if current is None:
            continue
        budget[0] -= 1
        yield current
        try:
            stack.extend(current.getChildAtIndex(i) for i in reversed(range(current.childCount)))
        except Exception:
            pass


def has_state(node, state):
    try:
        return node.getState().contains(state)
    except Exception:
        return False


def focused_text(pid):
    for node in walk(app_of(pid), [MAX_NODES]):
        if has_state(node, pyatspi.STATE_FOCUSED) and has_state(node, pyatspi.STATE_EDITABLE):
            text = node.queryText()
            return {"role": node.getRoleName(), "text": text.getText(0, text.characterCount)}
    return {"error": "no focused editable text"}


def action_count(node):
    try:
        return node.queryAction().nActions
    except Exception:
        return 0


def find(pid, role, label, actionable=False):
    for node in walk(app_of(pid), [MAX_NODES]):
        if node.getRoleName() == role and label in (node.name, node.description) and has_state(node, pyatspi.STATE_VISIBLE):
            if not actionable or action_count(node) > 0:
                return node
    return None


def extents(pid, role, label):
    node = find(pid, role, label)
    if node is None:
        return {"error": "no visible %s labelled %r" % (role, label)}
    return component_extents(node, pyatspi.DESKTOP_COORDS)


def do_action(pid, role, label):
    node = find(pid, role, label, actionable=True)
    if node is None:
        return {"error": "no visible %s labelled %r" % (role, label)}
    return {"done": bool(node.queryAction().doAction(0))}


def component_extents(node, coords):
    try:
        box = node.queryComponent().getExtents(coords)
        return {"x": box.x, "y": box.y, "width": box.width, "height": box.height}
    except Exception:
        return None


def toplevels(pid):
    out = []
    app = app_of(pid)
    for i in range(app.childCount):
        node = app.getChildAtIndex(i)
        if node is None:
            continue
        states = sorted(pyatspi.stateToString(s) for s in node.getState().getStates())
        try:
            attributes = dict(a.split(":", 1) for a in node.getAttributes() if ":" in a)
        except Exception:
            attributes = {}
        out.append({
            "ref": "%d:%s" % (pid, node.path),
            "pid": pid,
            "role": node.getRoleName(),
            "name": node.name or "",
            "states": states,
            "attributes": attributes,
            "screenExtents": component_extents(node, pyatspi.DESKTOP_COORDS),
            "windowExtents": component_extents(node, pyatspi.WINDOW_COORDS),
        })
    return out


def names(pid, role, showing=True):
    return [
        n.name or ""
        for n in walk(app_of(pid), [MAX_NODES])
        if n.getRoleName() == role and (not showing or has_state(n, pyatspi.STATE_SHOWING))
    ]


def main(argv):
    command, pid = argv[1], int(argv[2])
    if command == "focused-text":
        result = focused_text(pid)
    elif command == "extents":
        result = extents(pid, argv[3], argv[4])
    elif command == "do-action":
        result = do_action(pid, argv[3], argv[4])
    elif command == "toplevels":
        result = toplevels(pid)
    elif command == "names":
        result = names(pid, argv[3])
    elif command == "all-names":
        result = names(pid, argv[3], showing=False)
    else:
        raise SystemExit("unknown command %s" % command)
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv)
