"""Shared by the pyatspi reference dumps (atspi-fixture.py here, test/live/fixtures/atspi_dump.py)."""
import pyatspi


def on_screen_cells(acc):
    """A table that manages its descendants and is not a flat list of cells (LibreOffice Calc's
    sheet: 2^20 x 16384 cells, ChildCount 2^31-1) is read as a screen reader does: only the cells
    on screen, from the cells under its top-left and bottom-right corners. None for other nodes."""
    try:
        if not acc.getState().contains(pyatspi.STATE_MANAGES_DESCENDANTS) or 'Table' not in acc.get_interfaces():
            return None
        table, comp = acc.queryTable(), acc.queryComponent()
        headers = acc.childCount - table.nRows * table.nColumns
        if 0 <= headers <= table.nColumns:
            return None
        box = comp.getExtents(pyatspi.DESKTOP_COORDS)
        def at(x, y):
            index = comp.getAccessibleAtPoint(x, y, pyatspi.DESKTOP_COORDS).getIndexInParent()
            return table.getRowAtIndex(index), table.getColumnAtIndex(index)
        (r0, c0), (r1, c1) = at(box.x + 1, box.y + 1), at(box.x + box.width - 2, box.y + box.height - 2)
        return [table.getAccessibleAt(r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]
    except Exception:
        return []
