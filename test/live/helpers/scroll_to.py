"""Scrolls the longest view of one window of one application to a value, as a person drags its
scroll bar (argv: the application's AT-SPI name, the window's title, the value), through the
vertical scroll bar's own Value; prints the value it took. The longest view: the scroll bar with
the largest range (GTK 4.8 gives the content's height as its maximum)."""
import sys

import pyatspi


def bars(node, out):
    for index in range(node.childCount):
        child = node.getChildAtIndex(index)
        if child is None:
            continue
        if child.getRoleName() == 'scroll bar' and child.getState().contains(pyatspi.STATE_VERTICAL):
            for part in [child] + [child.getChildAtIndex(i) for i in range(child.childCount)]:
                try:
                    out.append(part.queryValue())
                    break
                except NotImplementedError:
                    continue
        bars(child, out)
    return out


def main():
    app_name, title, target = sys.argv[1], sys.argv[2], float(sys.argv[3])
    for app in pyatspi.Registry.getDesktop(0):
        if app is None or app.name != app_name:
            continue
        for window in app:
            if window is not None and window.name == title:
                found = bars(window, [])
                if found:
                    bar = max(found, key=lambda value: value.maximumValue)
                    bar.currentValue = target
                    print(bar.currentValue)
                    return
    sys.exit('no scroll bar')


main()
