"""What scripts/bench, scripts/soak and scripts/demo share: a headless session to tap in.

Each of them starts headless sway (scripts/compositor), clients with a session
environment, and taps tapboard's panel through tapboard-tap at the points
`tapboard geometry` gives; they read what a field received from the lines its
client printed. This module holds one version of each of those jobs:

- Processes: children started each in its own process group, stopped (SIGTERM,
  then SIGKILL) with whatever they left behind; become_subreaper() makes
  orphans of theirs come back to us;
- wait_until / wait_for: poll a condition, with a timeout (and a process that
  must not exit meanwhile);
- session_env, start_sway: the environment of a client of the session, the
  compositor and its socket;
- geometry, key_centre, key_point, run_tap: where tapboard's keys are and tapping
  them; stroke_points, stroke_steps: a glide stroke through letter keys' centres;
- read_text, field_text: a file's text, and a field's text as tapboard-probe
  or the GTK entry of the end-to-end tests last printed it.

The scripts have no .py extension; each imports this file from beside itself
(sys.path.insert(0, its own directory)). Standard library only (Debian 12's
python3).
"""
import ctypes
import json
import os
import re
import signal
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The release build, or TAPBOARD_BIN (an installed tapboard: scripts/test-package); the virtual
# pointer of the debug build, or TAPBOARD_TAP (scripts/test-package builds one without Swift).
TAPBOARD = os.environ.get("TAPBOARD_BIN") or os.path.join(ROOT, ".build/release/tapboard")
TAP = os.environ.get("TAPBOARD_TAP") or os.path.join(ROOT, ".build/debug/tapboard-tap")
PROBE = os.path.join(ROOT, ".build/debug/tapboard-probe")
# The headless output every script uses (scripts/compositor's default too).
OUTPUT_W, OUTPUT_H = 720, 1280
OUTPUT = f"{OUTPUT_W}x{OUTPUT_H}"


class SessionError(Exception):
    """Something in the session did not happen: a process exited, a wait timed out."""


class TapFailed(SessionError):
    """tapboard-tap exited with an error; `stderr` is what it said."""

    def __init__(self, stderr):
        super().__init__(f"tapboard-tap failed: {stderr}")
        self.stderr = stderr


# ---------------------------------------------------------------------------
# Processes: every child gets its own process group; after become_subreaper(),
# orphans (D-Bus activated services, say) come back to us and are reaped too.

def become_subreaper():
    """Makes this process the reaper of orphans below it (PR_SET_CHILD_SUBREAPER)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        pass


def _parent_and_group(pid):
    """(parent pid, process group) of pid, None when it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            st = f.read()
    except OSError:
        return None
    fields = st[st.rindex(")") + 2:].split()
    return int(fields[1]), int(fields[2])


def _children():
    """The pids whose parent is this process."""
    me = os.getpid()
    return [int(d) for d in os.listdir("/proc")
            if d.isdigit() and (_parent_and_group(d) or (None,))[0] == me]


def reap_group(pgid, timeout=0.5):
    """Reaps the members of a killed process group that were re-parented to us
    (we are a subreaper), so that they do not linger as zombies until the end.
    Only processes of that group, never a Popen-managed leader of another."""
    me = os.getpid()
    end = time.monotonic() + timeout
    while True:
        left = 0
        for d in os.listdir("/proc"):
            if not d.isdigit() or int(d) == pgid or _parent_and_group(d) != (me, pgid):
                continue
            try:
                pid, _ = os.waitpid(int(d), os.WNOHANG)
            except ChildProcessError:
                continue
            if pid == 0:
                left += 1
        if not left or time.monotonic() > end:
            return
        time.sleep(0.02)


def _reap_any():
    """Reaps every child that has exited; True if there was one."""
    reaped = False
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            break
        if pid == 0:
            break
        reaped = True
    return reaped


class Processes:
    """Children of a session, each the leader of its own process group, stopped
    with their groups (stop), all of them in reverse order at the end (stop_all)."""

    def __init__(self):
        self.live = []  # Popen objects, each the leader of its own process group

    def start(self, argv, *, env, **popen):
        """Starts argv in a new session (process group) with env and no stdin; popen
        goes to subprocess.Popen (stdout, stderr, text, cwd, preexec_fn...)."""
        p = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, start_new_session=True, **popen)
        self.live.append(p)
        return p

    def stop(self, p, grace=2.0):
        """SIGTERM to p's process group, SIGKILL after grace seconds, then to what is
        left of the group (members that outlive the leader, e.g. D-Bus services)."""
        if p not in self.live:
            return
        for sig, wait in ((signal.SIGTERM, grace), (signal.SIGKILL, 2.0)):
            try:
                os.killpg(p.pid, sig)
            except ProcessLookupError:
                pass
            try:
                p.wait(timeout=wait)
                break
            except subprocess.TimeoutExpired:
                continue
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self.live.remove(p)
        reap_group(p.pid)

    def stop_all(self, grace=1.0):
        """Stops every live child, the last started first, then kills and reaps the
        orphans re-parented to us."""
        for p in reversed(list(self.live)):
            self.stop(p, grace=grace)
        for _ in range(3):
            orphans = _children()
            for pid in orphans:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            if not _reap_any() and not orphans:
                break
            time.sleep(0.1)


# ---------------------------------------------------------------------------
# Waiting.

def wait_until(condition, seconds, step=0.05, proc=None):
    """Calls condition every step seconds until it returns something true, seconds
    pass or proc exits; returns its last value (false on a timeout)."""
    end = time.monotonic() + seconds
    while True:
        value = condition()
        if value or (proc is not None and proc.poll() is not None) or time.monotonic() > end:
            return value
        time.sleep(step)


def wait_for(condition, seconds, what, step=0.005, proc=None):
    """wait_until, but raises SessionError naming `what` unless the condition came true."""
    value = wait_until(condition, seconds, step, proc)
    if value:
        return value
    if proc is not None and proc.poll() is not None:
        raise SessionError(f"{what}: the process exited (status {proc.returncode})")
    raise SessionError(f"timed out waiting for {what}")


# ---------------------------------------------------------------------------
# The session: environment and compositor.

def wayland_socket(rundir):
    """The compositor's socket in rundir (scripts/compositor makes it wayland-1)."""
    return os.path.join(rundir, "wayland-1")


def session_env(rundir, *, runtime_dir=None, home=None, inherit=False, **extra):
    """The environment of a client of the compositor in rundir: XDG_RUNTIME_DIR
    (rundir unless runtime_dir), WAYLAND_DISPLAY, HOME (rundir unless home),
    LANG=C.UTF-8 and extra; on top of this process's environment without
    WAYLAND_DEBUG if inherit, else of PATH alone."""
    if inherit:
        env = dict(os.environ)
        env.pop("WAYLAND_DEBUG", None)
    else:
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    env.update(XDG_RUNTIME_DIR=runtime_dir or rundir, WAYLAND_DISPLAY=wayland_socket(rundir),
               HOME=home or rundir, LANG="C.UTF-8")
    env.update(extra)
    return env


def start_sway(procs, rundir, *, env, seconds=15, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL):
    """Starts headless sway on OUTPUT in rundir (scripts/compositor) among procs and
    waits for its socket; returns its Popen, raises SessionError if none came."""
    comp = procs.start([os.path.join(ROOT, "scripts/compositor"), "sway", rundir, OUTPUT],
                       env=env, stdout=stdout, stderr=stderr)
    wait_for(lambda: os.path.exists(wayland_socket(rundir)), seconds, "the sway socket", step=0.02, proc=comp)
    return comp


# ---------------------------------------------------------------------------
# tapboard's keys and taps on them.

def geometry(tapboard, *, config=None, layout=None, layer=None):
    """`tapboard geometry` on OUTPUT as JSON: the panel's height and its keys (action,
    label, text, x, y, width, height in panel coordinates)."""
    args = [tapboard, "geometry", "--output", OUTPUT]
    for option, value in (("--config", config), ("--layout", layout), ("--layer", layer)):
        if value:
            args += [option, value]
    r = subprocess.run(args, capture_output=True, text=True, timeout=30, cwd=ROOT)
    if r.returncode != 0:
        raise SessionError(f"tapboard geometry failed: {r.stderr.strip()}")
    return json.loads(r.stdout)


def key_centre(panel, key, dy=0):
    """The screen point (x, y) nearest the centre of key on panel (the panel sits at
    the bottom of OUTPUT), dy pixels lower."""
    return (round(key["x"] + key["width"] / 2),
            round(OUTPUT_H - panel["height"] + key["y"] + key["height"] / 2 + dy))


def key_point(panel, key, dy=0):
    """key_centre as tapboard-tap writes a point: "x,y"."""
    return "%d,%d" % key_centre(panel, key, dy)


def stroke_points(centres, word, moves=7):
    """A finger's path across word's letters, centres {letter: (x, y)} in screen points:
    from the first letter's centre in straight lines through each next letter's centre
    (a letter repeated right after itself is passed once), `moves` points a line, the last
    of each on the next letter's centre (as the end-to-end tests' strokePath draws it)."""
    letters = []
    for c in word:
        if not letters or letters[-1] != c:
            letters.append(c)
    if not letters:
        return []
    path = [centres[letters[0]]]
    for a, b in zip(letters, letters[1:]):
        (ax, ay), (bx, by) = centres[a], centres[b]
        # Halves round up, as Swift's rounded() does (screen points are positive).
        path += [(int(ax + (bx - ax) * i / moves + 0.5), int(ay + (by - ay) * i / moves + 0.5))
                 for i in range(1, moves + 1)]
    return path


def stroke_steps(path, move_ms=0):
    """tapboard-tap's steps that draw path (screen points): press at its start, move
    along it (move_ms apart, if not 0), lift at its end."""
    if not path:
        return []
    steps = ["down:%d,%d" % path[0]]
    for xy in path[1:]:
        if move_ms:
            steps.append(f"sleep:{move_ms}")
        steps.append("move:%d,%d" % xy)
    return steps + ["up"]


def run_tap(steps, env, timeout=None):
    """Runs tapboard-tap's steps (tap:X,Y, down:, move:, up, sleep:MS...) on OUTPUT
    in the session of env; raises TapFailed if it fails."""
    r = subprocess.run([TAP, "--extent", OUTPUT] + steps, env=env, capture_output=True, text=True,
                       timeout=timeout)
    if r.returncode != 0:
        raise TapFailed(r.stderr.strip())


# ---------------------------------------------------------------------------
# What a field received.

def read_text(path):
    """The text of the file at path, "" if it cannot be read."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def field_text(lines):
    """The field's text from its client's last complete `text "..."` line ("" before
    any): tapboard-probe's quoting (\\" \\\\ \\n \\xNN) or the GTK entry's JSON."""
    for line in reversed(lines):
        if not line.startswith('text "'):
            continue
        as_json = re.sub(r"\\(x[0-9a-f]{2}|.)",
                         lambda m: "\\u00" + m.group(1)[1:] if len(m.group(1)) == 3 else m.group(0),
                         line[5:].rstrip("\n"))
        try:
            return json.loads(as_json, strict=False)
        except ValueError:
            continue  # a line still being written
    return ""
