#!/usr/bin/python3
"""GTK3 ambiguity case for window <-> accessible matching: one process, two top-levels with the
same title, and a modal message dialog (accessible name "Information", X title "Twin dialog")
transient for the second one."""
import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

first = Gtk.Window(title="Twin")
first.add(Gtk.Button(label="one"))
first.move(600, 50)
first.set_default_size(200, 100)
first.show_all()

second = Gtk.Window(title="Twin")
second.add(Gtk.Button(label="two"))
second.move(850, 50)
second.set_default_size(220, 120)
second.show_all()


def open_dialog():
    dialog = Gtk.MessageDialog(transient_for=second, modal=True, message_type=Gtk.MessageType.INFO, buttons=Gtk.ButtonsType.OK, text="Twin dialog")
    dialog.set_title("Twin dialog")
    dialog.show_all()
    return False


GLib.timeout_add(300, open_dialog)
first.connect("destroy", Gtk.main_quit)
Gtk.main()
