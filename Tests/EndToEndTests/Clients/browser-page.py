#!/usr/bin/python3
# Test-only web page for real browsers, served from 127.0.0.1 on a free port.
#
# Prints "url http://127.0.0.1:PORT/" once it listens. The page holds one autofocused
# <input> (<textarea> with --textarea); it reports to this server, in order, and this
# server prints:
#   ready             the field has focus in a focused document (once)
#   text "..."        the field's value (JSON-quoted) after every input event
#   select A B        the field's selection after a selectionchange (with --selection)
#   preedit "..."     the composition (preedit) shown in the field; "" when it ends
#   key NAME          a keydown in the field (KeyboardEvent.key), for diagnosis
#   focus first|second  with --second, a field got the focus
# Options: --text INITIAL, --select-all (select the initial text once focused),
# --textarea, --selection, --password (a password field), --second (a second, tall field
# below the first, reported as "second "..."", and "focus first" or "focus second" when one
# of the two gets the focus). Standard library only; nothing beyond loopback.
import http.server
import json
import sys

args = sys.argv[1:]


def option(name, default=None):
    return args[args.index(name) + 1] if name in args else default


initial = option("--text", "")
select_all = "--select-all" in args
textarea = "--textarea" in args
report_selection = "--selection" in args
password = "--password" in args
second = "--second" in args

if textarea:
    field = '<textarea id="f" autofocus rows="4" autocapitalize="off"></textarea>'
else:
    kind = "password" if password else "text"
    field = '<input id="f" type="%s" autofocus autocomplete="off" autocapitalize="off">' % kind

if second:
    field += '<br><textarea id="g" style="height: 400px; width: 90%; font-size: 24px"></textarea>'

PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>tapboard-browser-page</title>
<style>body { margin: 8px; } #f { font-size: 24px; width: 90%%; }</style>
</head><body>
%(field)s
<script>
"use strict";
const f = document.getElementById("f");
const selectAll = %(select_all)s;
const reportSelection = %(report_selection)s;
f.value = %(initial)s;
let queue = Promise.resolve();
// One request at a time, so the server sees the events in order.
function report(event) {
    queue = queue.then(() => fetch("/event", {
        method: "POST", headers: {"Content-Type": "application/json"},
        body: JSON.stringify(event)
    }).catch(() => {}));
}
f.addEventListener("input", () => report({kind: "text", value: f.value}));
const g = document.getElementById("g");
if (g) {
    g.addEventListener("input", () => report({kind: "second", value: g.value}));
    f.addEventListener("focus", () => report({kind: "focus", value: "first"}));
    g.addEventListener("focus", () => report({kind: "focus", value: "second"}));
}
f.addEventListener("compositionupdate", (e) => report({kind: "preedit", value: e.data}));
f.addEventListener("compositionend", () => report({kind: "preedit", value: ""}));
f.addEventListener("keydown", (e) => report({kind: "key", value: e.key}));
if (reportSelection) {
    document.addEventListener("selectionchange", () =>
        report({kind: "select", start: f.selectionStart, end: f.selectionEnd}));
}
let ready = false;
const timer = setInterval(() => {
    if (document.activeElement !== f) { f.focus(); return; }
    if (!document.hasFocus()) return;
    if (selectAll) f.select(); else f.setSelectionRange(f.value.length, f.value.length);
    clearInterval(timer);
    ready = true;
    report({kind: "ready"});
}, 50);
</script>
</body></html>
"""

body = (PAGE % {
    "field": field,
    "select_all": json.dumps(select_all),
    "report_selection": json.dumps(report_selection),
    "initial": json.dumps(initial),
}).encode()


def say(line):
    print(line, flush=True)


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path == "/":
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Cache-Control", "no-store")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        else:
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        try:
            event = json.loads(self.rfile.read(length))
        except ValueError:
            event = {}
        kind = event.get("kind")
        if kind == "ready":
            say("ready")
        elif kind == "text":
            say("text " + json.dumps(event.get("value", "")))
        elif kind == "second":
            say("second " + json.dumps(event.get("value", "")))
        elif kind == "preedit":
            say("preedit " + json.dumps(event.get("value", "")))
        elif kind == "focus":
            say("focus " + str(event.get("value", "")))
        elif kind == "key":
            say("key " + str(event.get("value", "")))
        elif kind == "select":
            say("select %s %s" % (event.get("start"), event.get("end")))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *a):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
say("url http://127.0.0.1:%d/" % server.server_address[1])
try:
    server.serve_forever()
except KeyboardInterrupt:
    pass
