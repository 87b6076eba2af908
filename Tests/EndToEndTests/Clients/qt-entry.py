#!/usr/bin/python3
# Test-only Qt 6 client: one QLineEdit in a window, a key-only app. Qt 6.4 sees
# zwp_text_input_manager_v3 but never binds it (it speaks v1, v2 and v4 only), so no
# input method activates for it: nothing needs turning off. Prints "ready" once the
# field has keyboard focus and "text "..."" (JSON-quoted) after every change.
import json
import sys

from PyQt6.QtWidgets import QApplication, QLineEdit


def say(line):
    print(line, flush=True)


class Field(QLineEdit):
    def focusInEvent(self, event):
        super().focusInEvent(event)
        say("ready")


app = QApplication(sys.argv)
field = Field()
field.setWindowTitle("tapboard-qt-entry")
field.resize(400, 60)
field.textChanged.connect(lambda text: say("text " + json.dumps(text)))
field.show()
sys.exit(app.exec())
