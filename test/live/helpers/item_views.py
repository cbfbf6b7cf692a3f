#!/usr/bin/python3
"""Independent reference for item views (pyatspi, not our code). Prints one JSON object.

  item_views.py APP_NAME TITLE_SUBSTRING

For the application's window whose title contains TITLE_SUBSTRING: the texts a user sees in its
tables, trees, lists and icon views — the shown cells and items (and the shown labels inside
them), and the column headers of the columns that have a shown cell. Shown = `visible` and
`showing` (`visible` alone where nothing below the window has `showing`: GTK 4), with every
ancestor shown. Combo box pop-ups are options, not item views: left out. Where the bridge also
hides nodes that take no room (GTK 4 and Qt: src/platform/linux/atspi/sizes.ts), each text comes
with the extents of its node and of its view, in screen and in window coordinates, and the
application's toolkit: itemViews.ts applies the bridge's size rule to them. Also the time the walk
took, for bench/item-coverage.ts.
"""
import json
import sys
import time

import pyatspi

VIEW_ROLES = {'table', 'tree table', 'tree', 'list', 'list box', 'tree item'}
ITEM_ROLES = {'table cell', 'list item', 'tree item', 'label'}
MAX_NODES = 20000


def states(node):
    try:
        return node.getState()
    except Exception:
        return None


def children(node):
    try:
        return [node.getChildAtIndex(i) for i in range(node.childCount)]
    except Exception:
        return []


def text_of(node):
    name = (node.name or '').strip()
    if name:
        return name
    try:
        t = node.queryText()
        return t.getText(0, t.characterCount).strip()
    except Exception:
        return ''


def toolkit_of(app):
    try:
        return {'name': app.toolkitName or '', 'version': app.toolkitVersion or ''}
    except Exception:
        return {'name': '', 'version': ''}


def asks_sizes(toolkit):
    """The toolkits whose sizes the bridge reads (sizes.ts wantsSize): others are not asked."""
    return toolkit['name'].lower() == 'qt' or (toolkit['name'].lower() == 'gtk' and toolkit['version'].startswith('4.'))


def extents_of(node):
    """[screen, window] extents as [x, y, width, height]; None where the node has none."""
    try:
        component = node.queryComponent()
        return [list(component.getExtents(coords)) for coords in (pyatspi.DESKTOP_COORDS, pyatspi.WINDOW_COORDS)]
    except Exception:
        return None


def uses_showing(window):
    stack = children(window)
    seen = 0
    while stack and seen < MAX_NODES:
        node = stack.pop()
        seen += 1
        s = node and states(node)
        if s is not None and s.contains(pyatspi.STATE_SHOWING):
            return True
        stack.extend(children(node) if node else [])
    return False


def shown(node, showing):
    s = states(node)
    return s is not None and s.contains(pyatspi.STATE_VISIBLE) and (not showing or s.contains(pyatspi.STATE_SHOWING))


def view_items(view, showing, budget, sizes):
    """Shown items of one view ({text, rects}), and the headers of its columns with a shown cell."""
    items, columns = [], set()
    view_rects = [extents_of(view)] if sizes else []

    def item(node, text):
        return {'text': text, 'rects': view_rects + [extents_of(node)] if sizes else []}

    try:
        table = view.queryTable()
    except Exception:
        table = None
    stack = [(c, i) for i, c in enumerate(children(view))]
    while stack and budget[0] > 0:
        node, index = stack.pop(0)
        budget[0] -= 1
        if node is None or not shown(node, showing):
            continue
        role = node.getRoleName()
        if role in ('table column header', 'column header', 'table row header'):
            continue
        if role in ITEM_ROLES:
            text = text_of(node)
            if text:
                items.append(item(node, text))
                if table is not None and index is not None:
                    try:
                        columns.add(table.getColumnAtIndex(index))
                    except Exception:
                        pass
        stack.extend((c, None) for c in children(node))
    if table is not None:
        for column in sorted(c for c in columns if c >= 0):
            try:
                header = table.getColumnHeader(column)
            except Exception:
                header = None
            if header is not None and (header.name or '').strip():
                items.append(item(header, header.name.strip()))
    return items


def main():
    app_name, title = sys.argv[1], sys.argv[2]
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        if app is None or app.name != app_name:
            continue
        for window in children(app):
            if window is None or title not in (window.name or ''):
                continue
            started = time.monotonic()
            showing = uses_showing(window)
            toolkit = toolkit_of(app)
            sizes = asks_sizes(toolkit)
            items, views, budget = [], 0, [MAX_NODES]
            stack = [window]
            while stack and budget[0] > 0:
                node = stack.pop()
                budget[0] -= 1
                if node is None or (node is not window and not shown(node, showing)):
                    continue
                role = node.getRoleName()
                if role == 'combo box':
                    continue
                if role in VIEW_ROLES and role != 'tree item':
                    views += 1
                    items.extend(view_items(node, showing, budget, sizes))
                    continue
                stack.extend(reversed(children(node)))
            ms = (time.monotonic() - started) * 1000
            print(json.dumps({'items': items, 'toolkit': toolkit, 'views': views, 'ms': round(ms)}))
            return
    print(json.dumps({'error': 'no window %r of %s' % (title, app_name)}))


main()
