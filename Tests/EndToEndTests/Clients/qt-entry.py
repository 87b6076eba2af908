#!/usr/bin/python3
# Test-only Qt 6 client: one QLineEdit in a window. Qt 6.4 sees zwp_text_input_manager_v3
# but never binds it (it speaks v1, v2 and v4 only): a key-only app, no input method
# activates for it. Qt 6.7 and later speak text-input-v3: the field activates the input
# method and gets its text as input-method events. Prints "qt VERSION" first, "ready" once
# the field has keyboard focus, "text "..."" (JSON-quoted) after every change, "commit "...""
# for each input-method event that commits text and "key NAME" for each key press.
# --no-auto-uppercase: the field asks for no capitals (Qt 6.8 otherwise asks text-input-v3
# for auto_capitalization). --fullscreen: the window fills the output (KWin: a tap at its
# top touches the field).
import json
import sys

from PyQt6.QtCore import Qt, qVersion
from PyQt6.QtGui import QKeySequence
from PyQt6.QtWidgets import QApplication, QLineEdit


def say(line):
    print(line, flush=True)


class Field(QLineEdit):
    def focusInEvent(self, event):
        super().focusInEvent(event)
        say("ready")

    def inputMethodEvent(self, event):
        if event.commitString():
            say("commit " + json.dumps(event.commitString()))
        super().inputMethodEvent(event)

    def keyPressEvent(self, event):
        say("key " + (event.text() or QKeySequence(event.key()).toString()))
        super().keyPressEvent(event)


say("qt " + qVersion())
app = QApplication(sys.argv)
field = Field()
field.setWindowTitle("tapboard-qt-entry")
field.resize(400, 60)
if "--no-auto-uppercase" in sys.argv[1:]:
    field.setInputMethodHints(Qt.InputMethodHint.ImhNoAutoUppercase)
field.textChanged.connect(lambda text: say("text " + json.dumps(text)))
if "--fullscreen" in sys.argv[1:]:
    field.showFullScreen()
else:
    field.show()
sys.exit(app.exec())
