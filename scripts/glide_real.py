"""Real people's glide strokes through tapboard's decoder: `scripts/bench-glide --real`.

The strokes are the How We Swipe study's (Leiva et al., MobileHCI 2021, MIT licence), the
development half of its participants, in ../shared/glide-strokes/ (its README gives the format
and the study's key geometry). Each stroke keeps its place in key units and is mapped into the
panel of `tapboard geometry` for the same layout and output, then decoded by `tapboard glide
--batch` with the words of its sentence before it as context (the text before the cursor, a
space after the last word, as the live panel has it).

People are split in two by their uid (SHA-256 of the uid, its first byte even: "tune", odd:
"report"). Weights are fitted on the tuning part only; the figures quoted are the report
part's. The study's word lists (2k, 3k, 5k, out-of-vocabulary bands, natural sentences) only
say which band a target word belongs to: nothing is built or weighted from them. The study's
words are letters only ("im" is I'm): a candidate counts as the word when it is the word once
its apostrophes and hyphens are taken out.
"""
import gzip, hashlib, json, os, re, subprocess, sys, time
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEFAULT_DATA = os.path.normpath(os.path.join(ROOT, "..", "shared", "glide-strokes"))
STATS = re.compile(r"median ([\d.]+) ms, p99 ([\d.]+) ms, max ([\d.]+) ms")
LENGTHS = [("1", 1, 1), ("2-3", 2, 3), ("4-5", 4, 5), ("6-7", 6, 7), ("8+", 8, 10 ** 9)]
BANDS = ["natural", "2k", "3k", "5k", "oov", "other"]
# The bounds, on the report part: the common bands and natural sentences; all words.
BOUNDS = {"common top-1": 93.0, "top-1": 88.0, "top-3": 93.0}
P99_MS = 10.0


def part_of(uid):
    return "tune" if hashlib.sha256(uid.encode()).digest()[0] % 2 == 0 else "report"


def unpunctuated(word):
    """`word` lower-cased with its apostrophes and hyphens taken out, as the study writes words."""
    return word.lower().replace("'", "").replace("\u2019", "").replace("-", "")


def letters_only(s):
    return " ".join(re.sub(r"[^a-z ]", "", s.lower()).split())


def load(data_dir):
    """Every stroke as a dict (uid, context, word, W, H, points) plus its sentence's kind."""
    path = os.path.join(data_dir, "how-we-swipe-dev.jsonl.gz")
    if not os.path.exists(path):
        sys.exit(f"bench-glide: {path} is missing (the real strokes; see its README)")
    strokes = [json.loads(l) for l in gzip.open(path, "rt", encoding="utf-8")]
    natural = [letters_only(l) for l in open(os.path.join(data_dir, "enron-mem200.txt"), encoding="utf-8")]
    natural_set = set(natural)
    bands = {}
    for name, file in (("oov", "oov-words.txt"), ("5k", "dic-words-5k.txt"), ("3k", "dic-words-3k.txt"),
                       ("2k", "dic-words-2k.txt")):
        for w in open(os.path.join(data_dir, file), encoding="utf-8"):
            bands[w.strip().lower()] = name
    # A sentence is a user's run of strokes from an empty context on; it is natural when its
    # words are one of the study's natural sentences (or the start of one, strokes the study
    # dropped at its end aside: then it has at least three words).
    sentence = []

    def close():
        if not sentence:
            return
        text = max((letters_only(s["context"] + " " + s["word"]) for s in sentence), key=len)
        is_natural = text in natural_set or (
            len(text.split()) >= 3 and any(n.startswith(text + " ") for n in natural))
        for s in sentence:
            s["band"] = "natural" if is_natural else bands.get(s["word"].lower(), "other")
        sentence.clear()

    last_uid = None
    for s in strokes:
        if s["uid"] != last_uid or not s["context"]:
            close()
        last_uid = s["uid"]
        sentence.append(s)
    close()
    return strokes


def panel_mapping(binary, output, layout):
    """(pitch_x, pitch_y, left, top): key units to panel pixels, from `tapboard geometry`."""
    r = subprocess.run([binary, "geometry", "--output", output, "--layout", layout],
                       capture_output=True, text=True, cwd=ROOT)
    if r.returncode != 0:
        sys.exit("bench-glide: tapboard geometry: " + r.stderr.strip())
    centre = {}
    for k in json.loads(r.stdout)["keys"]:
        t = k.get("text", "").lower()
        if k.get("action") == "text" and t in ("q", "w", "a") and t not in centre:
            centre[t] = (k["x"] + k["width"] / 2, k["y"] + k["height"] / 2)
    if len(centre) < 3:
        sys.exit(f"bench-glide --real: layout {layout} has no q, w and a keys to map the study's keyboard onto")
    px = centre["w"][0] - centre["q"][0]
    py = centre["a"][1] - centre["q"][1]
    return px, py, centre["q"][0] - px / 2, centre["q"][1] - py / 2


def to_line(s, mapping):
    px, py, left, top = mapping
    kw, kh = s["W"] / 10, s["H"] / 3.7
    points = [[round(x / kw * px + left, 1), round(y / kh * py + top, 1), t] for x, y, t in s["points"]]
    context = s["context"].strip()
    return json.dumps({"context": context + " " if context else "", "points": points})


def batch(args, lines, jobs):
    """`tapboard glide --batch` (`args`) over `lines`, split among `jobs` processes: each
    line's answer (parsed JSON, in order) and each process's standard error."""
    chunks = [list(range(len(lines)))[i::jobs] for i in range(jobs)]
    procs = [subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, cwd=ROOT) for _ in chunks]
    outs = [p.communicate("".join(lines[i] + "\n" for i in c)) for p, c in zip(procs, chunks)]
    answers = [None] * len(lines)
    for p, c, (out, err) in zip(procs, chunks, outs):
        if p.returncode != 0:
            sys.exit(f"bench-glide: {' '.join(args[1:])} exited with {p.returncode}: {err.strip()[-2000:]}")
        got = [json.loads(l) for l in out.splitlines() if l.strip()]
        if len(got) != len(c):
            sys.exit(f"bench-glide: {len(c)} strokes in, {len(got)} answers out")
        for i, g in zip(c, got):
            answers[i] = g
    return answers, [err for _, err in outs]


def decode(binary, layout, output, lines, extra, jobs):
    """Each line's candidates and the decode times' (median, p99, max) of each process."""
    args = [binary, "glide", "--layout", layout, "--output", output, "--batch", "--stats"] + extra
    answers, errs = batch(args, lines, jobs)
    stats = []
    for err in errs:
        m = next((STATS.search(l) for l in err.splitlines() if l.startswith("glide") and STATS.search(l)), None)
        if m:
            stats.append(tuple(float(g) for g in m.groups()))
    return [[w.lower() for w in a.get("candidates", [])] for a in answers], stats


def tally(strokes, answers):
    t = defaultdict(lambda: [0, 0, 0])  # group -> [n, top-1, top-3]
    confusions = Counter()
    for s, cands in zip(strokes, answers):
        want = s["word"].lower()
        # The study's words are letters only ("im" for I'm, "dont" for don't): a candidate is
        # compared with its apostrophes and hyphens taken out.
        cands = [unpunctuated(c) for c in cands]
        one, three = cands[:1] == [want], want in cands[:3]
        groups = ["all" if len(want) > 1 else "one letter", "band " + s["band"]]
        groups.append("length " + next(n for n, lo, hi in LENGTHS if lo <= len(want) <= hi))
        if len(want) > 1 and s["band"] in ("natural", "2k", "3k", "5k"):
            groups.append("common")
        for g in groups:
            t[g][0] += 1
            t[g][1] += one
            t[g][2] += three
        if not one and len(want) > 1:
            confusions[(want, cands[0] if cands else "(none)")] += 1
    return t, confusions


def pct(x, n):
    return 100.0 * x / n if n else float("nan")


def run(a, binary, weights):
    strokes = load(a.data)
    part = [s for s in strokes if a.part == "all" or part_of(s["uid"]) == a.part]
    if a.strokes:
        # An even spread over the part's people, not its first few.
        step = max(1, len(part) // a.strokes)
        part = part[::step][:a.strokes]
    mapping = panel_mapping(binary, a.output, a.layout)
    lines = [to_line(s, mapping) for s in part]
    people = len({s["uid"] for s in part})
    print(f"real strokes: How We Swipe (development half), part {a.part}: {len(part)} strokes of {people} people; "
          f"keyboard {a.layout} on {a.output} (key pitch {mapping[0]:g} x {mapping[1]:g} px, "
          f"key unit 0 at {mapping[2]:g}, {mapping[3]:g}); binary {os.path.relpath(binary, ROOT)}", flush=True)
    matchers = [("model", [])] if a.only == "model" else [("plain", ["--plain"])] if a.only == "plain" else \
        [("model", []), ("plain", ["--plain"])]
    results = {}
    for name, extra in matchers:
        extra = extra + [x for w in weights for x in ("--weight", w)]
        start = time.monotonic()
        answers, stats = decode(binary, a.layout, a.output, lines, extra, a.jobs)
        results[name] = (tally(part, answers), stats, time.monotonic() - start)
        if a.dump_answers:
            with open(f"{a.dump_answers}.{name}.jsonl", "w", encoding="utf-8") as f:
                for s, c in zip(part, answers):
                    f.write(json.dumps({"uid": s["uid"], "context": s["context"], "word": s["word"],
                                        "band": s["band"], "candidates": c}) + "\n")
    groups = ["all", "common"] + ["band " + b for b in BANDS] + ["length " + n for n, _, _ in LENGTHS] + ["one letter"]
    names = [n for n, _ in matchers]
    table = [["strokes"] + [f"{n} top-1" for n in names] + [f"{n} top-3" for n in names] + ["n"]]
    first = results[names[0]][0][0]
    for g in groups:
        if first[g][0] == 0:
            continue
        label = {"all": "all words of 2+ letters", "common": "2k, 3k, 5k bands and natural sentences"}.get(g, g)
        row = [label] + [f"{pct(results[n][0][0][g][1], results[n][0][0][g][0]):.1f} %" for n in names]
        row += [f"{pct(results[n][0][0][g][2], results[n][0][0][g][0]):.1f} %" for n in names] + [str(first[g][0])]
        table.append(row)
    for n in names:
        st = results[n][1]
        if st:
            table.append([f"{n}: decode median / p99 / max (ms), worst process"] +
                         [f"{max(s[0] for s in st):.2f} / {max(s[1] for s in st):.2f} / {max(s[2] for s in st):.2f}"] +
                         [""] * (len(table[0]) - 2))
    widths = [max(len(r[i]) for r in table) for i in range(len(table[0]))]
    print()
    for r in table:
        print("  ".join(c.ljust(widths[i]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(r)))
    if a.markdown:
        print()
        print("| " + " | ".join(table[0]) + " |")
        print("| " + " | ".join("---" for _ in table[0]) + " |")
        for r in table[1:]:
            print("| " + " | ".join(r) + " |")
    for n in names:
        common = results[n][0][1].most_common(a.confusions)
        print(f"\n{n}: wall {results[n][2]:.1f} s; confusions (word -> first candidate, times): "
              + ", ".join(f"{w} -> {g} {k}" for (w, g), k in common))
    if a.check and "model" in results:
        t, st = results["model"][0][0], results["model"][1]
        fails = []
        for label, group, col in (("common top-1", "common", 1), ("top-1", "all", 1), ("top-3", "all", 2)):
            v = pct(t[group][col], t[group][0])
            if v < BOUNDS[label]:
                fails.append(f"{label} {v:.1f} % < {BOUNDS[label]:g} %")
        if st and max(s[1] for s in st) > P99_MS:
            fails.append(f"p99 {max(s[1] for s in st):.2f} ms > {P99_MS:g} ms")
        print("\ncheck: " + ("FAILED: " + "; ".join(fails) if fails else "every bound met"))
        if fails:
            sys.exit(1)
