// tapboard-tap: test-only virtual pointer client (zwlr_virtual_pointer_v1; on KWin,
// which has none, touches through org_kde_kwin_fake_input).
//
// usage: tapboard-tap [--extent WxH] [--settle MS] [--no-nudge] STEP...
//   tap:X,Y   move to X,Y, press the left button, release it ~30 ms later (the
//             release stamped 30 ms after the press, however late it is sent)
//   down:X,Y  move to X,Y and press the left button
//   move:X,Y  move to X,Y
//   up        release the left button
//   sleep:MS  wait MS milliseconds
//   hold      say "holding", keep the device until the compositor goes or a signal
//             ends the process
// X,Y are output-logical pixels. motion_absolute uses the extent WxH, by
// default the first wl_output's current mode size divided by its scale.
// Each step ends with a roundtrip so the compositor has handled it before
// the next one starts.
//
// A new virtual pointer is a new input device: the seat gains the pointer
// capability and clients must first ask for a wl_pointer, or the compositor
// has nobody to send the first events to. So the first step waits --settle
// milliseconds (default 100) after the device appears. The compositor then
// sends wl_pointer.enter with the current position and drops a motion to that
// same position, which clients that track the pointer only from motion events
// (wvkbd 0.12) miss; so the first positioned step moves 1 px off target first,
// unless --no-nudge.
//
// Every device that comes or goes changes the seat's capabilities, and Chromium
// then swaps its wl_keyboard, dropping key events already sent to the old one:
// tests keep one device held ("move:1,1 hold") so that taps change nothing.
//
// KWin: org_kde_kwin_fake_input (KWin lets a client use it when its desktop entry
// lists it in X-KDE-Wayland-Interfaces, or with KWIN_WAYLAND_NO_PERMISSION_CHECKS=1
// in KWin's environment). Steps are touches there, at X,Y in the output's logical
// pixels: tap = down and up at once, down/move/up as a finger; the fake device appears at
// authenticate, so the first step waits --settle as above.

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <wayland-client.h>
#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"
#include "fake-input-client-protocol.h"

#define BTN_LEFT 0x110
#define TAP_HOLD_MS 30
#define SETTLE_MS 100

enum step_kind { STEP_TAP, STEP_DOWN, STEP_MOVE, STEP_UP, STEP_SLEEP, STEP_HOLD };

struct step {
    enum step_kind kind;
    unsigned x, y, ms;
};

static struct wl_seat *seat;
static struct wl_output *output;
static struct zwlr_virtual_pointer_manager_v1 *manager;
static struct org_kde_kwin_fake_input *fake;
static int mode_w, mode_h, out_scale = 1;

static void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("tapboard-tap: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static void usage(void) {
    die("usage: tapboard-tap [--extent WxH] [--settle MS] [--no-nudge] (tap:X,Y | down:X,Y | move:X,Y | up | sleep:MS | hold)...");
}

static uint32_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint32_t)((uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000);
}

static void sleep_ms(unsigned ms) {
    struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000 };
    while (nanosleep(&ts, &ts) < 0 && errno == EINTR) {}
}

// Parses a decimal number into *out; false unless all of [s, end) is digits.
static bool parse_uint(const char *s, const char *end, unsigned *out) {
    if (s == end || end - s > 9) return false;
    unsigned v = 0;
    for (const char *p = s; p < end; p++) {
        if (*p < '0' || *p > '9') return false;
        v = v * 10 + (unsigned)(*p - '0');
    }
    *out = v;
    return true;
}

// Parses "A<sep>B" (the whole string) into two numbers.
static bool parse_pair(const char *s, char sep, unsigned *a, unsigned *b) {
    const char *mid = strchr(s, sep);
    return mid && parse_uint(s, mid, a) && parse_uint(mid + 1, mid + strlen(mid), b);
}

static struct step parse_step(const char *arg) {
    struct step st = {0};
    if (strncmp(arg, "tap:", 4) == 0 && parse_pair(arg + 4, ',', &st.x, &st.y)) st.kind = STEP_TAP;
    else if (strncmp(arg, "down:", 5) == 0 && parse_pair(arg + 5, ',', &st.x, &st.y)) st.kind = STEP_DOWN;
    else if (strncmp(arg, "move:", 5) == 0 && parse_pair(arg + 5, ',', &st.x, &st.y)) st.kind = STEP_MOVE;
    else if (strcmp(arg, "up") == 0) st.kind = STEP_UP;
    else if (strcmp(arg, "hold") == 0) st.kind = STEP_HOLD;
    else if (strncmp(arg, "sleep:", 6) == 0 && parse_uint(arg + 6, arg + strlen(arg), &st.ms)) st.kind = STEP_SLEEP;
    else die("bad step '%s' (expected tap:X,Y, down:X,Y, move:X,Y, up or sleep:MS)", arg);
    return st;
}

static void output_geometry(void *d, struct wl_output *o, int32_t x, int32_t y, int32_t pw, int32_t ph,
                            int32_t subpixel, const char *make, const char *model, int32_t transform) {}
static void output_mode(void *d, struct wl_output *o, uint32_t flags, int32_t w, int32_t h, int32_t refresh) {
    if (flags & WL_OUTPUT_MODE_CURRENT) { mode_w = w; mode_h = h; }
}
static void output_done(void *d, struct wl_output *o) {}
static void output_scale(void *d, struct wl_output *o, int32_t factor) { out_scale = factor > 0 ? factor : 1; }
static const struct wl_output_listener output_listener = {
    .geometry = output_geometry, .mode = output_mode, .done = output_done, .scale = output_scale,
};

static void global(void *d, struct wl_registry *reg, uint32_t name, const char *iface, uint32_t version) {
    if (!seat && strcmp(iface, wl_seat_interface.name) == 0) {
        seat = wl_registry_bind(reg, name, &wl_seat_interface, 1);
    } else if (!output && strcmp(iface, wl_output_interface.name) == 0) {
        output = wl_registry_bind(reg, name, &wl_output_interface, version < 2 ? version : 2);
        wl_output_add_listener(output, &output_listener, NULL);
    } else if (!manager && strcmp(iface, zwlr_virtual_pointer_manager_v1_interface.name) == 0) {
        manager = wl_registry_bind(reg, name, &zwlr_virtual_pointer_manager_v1_interface, 1);
    } else if (!fake && strcmp(iface, org_kde_kwin_fake_input_interface.name) == 0 && version >= 2) {
        fake = wl_registry_bind(reg, name, &org_kde_kwin_fake_input_interface, 2);
    }
}
static void global_remove(void *d, struct wl_registry *reg, uint32_t name) {}
static const struct wl_registry_listener registry_listener = { .global = global, .global_remove = global_remove };

// What the steps drive: a virtual pointer's left button, or a finger on KWin's fake input.
struct device {
    void (*press)(unsigned x, unsigned y);  // move to X,Y and press
    void (*move)(unsigned x, unsigned y);
    void (*release)(bool tap);  // tap: the release of a tap step, TAP_HOLD_MS after its press
    // Whether a tap is held TAP_HOLD_MS: a device whose events carry no times of ours (KWin
    // stamps fake touches as it reads them) lifts at once, or a stall here reads as a long press.
    bool holds_taps;
};

static struct zwlr_virtual_pointer_v1 *pointer;
static unsigned ext_w, ext_h;
static bool nudge = true;
static bool touching;
static uint32_t pressed_at;  // ms, the virtual pointer's last press

static void pointer_move(unsigned x, unsigned y) {
    if (nudge) {
        nudge = false;
        zwlr_virtual_pointer_v1_motion_absolute(pointer, now_ms(), x ? x - 1 : 1, y, ext_w, ext_h);
        zwlr_virtual_pointer_v1_frame(pointer);
    }
    zwlr_virtual_pointer_v1_motion_absolute(pointer, now_ms(), x, y, ext_w, ext_h);
    zwlr_virtual_pointer_v1_frame(pointer);
}
static void pointer_press(unsigned x, unsigned y) {
    pointer_move(x, y);
    pressed_at = now_ms();
    zwlr_virtual_pointer_v1_button(pointer, pressed_at, BTN_LEFT, WL_POINTER_BUTTON_STATE_PRESSED);
    zwlr_virtual_pointer_v1_frame(pointer);
}
// A tap's release is stamped TAP_HOLD_MS after its press, however long this process was
// kept from running in between: the keyboard judges a long press by the events' times.
static void pointer_release(bool tap) {
    uint32_t time = tap ? pressed_at + TAP_HOLD_MS : now_ms();
    zwlr_virtual_pointer_v1_button(pointer, time, BTN_LEFT, WL_POINTER_BUTTON_STATE_RELEASED);
    zwlr_virtual_pointer_v1_frame(pointer);
}
static const struct device virtual_pointer = { pointer_press, pointer_move, pointer_release, true };

static void touch_release(bool tap) {
    if (!touching) return;
    org_kde_kwin_fake_input_touch_up(fake, 0);
    org_kde_kwin_fake_input_touch_frame(fake);
    touching = false;
}
static void touch_press(unsigned x, unsigned y) {
    if (touching) org_kde_kwin_fake_input_touch_up(fake, 0);
    org_kde_kwin_fake_input_touch_down(fake, 0, wl_fixed_from_int((int)x), wl_fixed_from_int((int)y));
    org_kde_kwin_fake_input_touch_frame(fake);
    touching = true;
}
static void touch_move(unsigned x, unsigned y) {
    if (!touching) return;
    org_kde_kwin_fake_input_touch_motion(fake, 0, wl_fixed_from_int((int)x), wl_fixed_from_int((int)y));
    org_kde_kwin_fake_input_touch_frame(fake);
}
static const struct device fake_touch = { touch_press, touch_move, touch_release, false };

// Runs the steps on the device, each ended with a roundtrip; 0, or never returns after "hold".
static int run_steps(struct wl_display *dpy, const struct device *dev, const struct step *steps, int nsteps) {
    for (int i = 0; i < nsteps; i++) {
        const struct step *st = &steps[i];
        switch (st->kind) {
        case STEP_TAP:
            dev->press(st->x, st->y);
            if (dev->holds_taps) {
                wl_display_roundtrip(dpy);
                sleep_ms(TAP_HOLD_MS);
            }
            dev->release(true);
            break;
        case STEP_DOWN: dev->press(st->x, st->y); break;
        case STEP_MOVE: dev->move(st->x, st->y); break;
        case STEP_UP: dev->release(false); break;
        case STEP_SLEEP: sleep_ms(st->ms); break;
        case STEP_HOLD:
            puts("holding");
            fflush(stdout);
            while (wl_display_dispatch(dpy) >= 0) {}
            return 0;
        }
        if (wl_display_roundtrip(dpy) < 0) die("lost the Wayland connection");
    }
    return 0;
}

int main(int argc, char **argv) {
    unsigned settle = SETTLE_MS;
    int first = 1;
    while (first < argc && strncmp(argv[first], "--", 2) == 0) {
        if (strcmp(argv[first], "--no-nudge") == 0) { nudge = false; first++; continue; }
        const char *name = argv[first], *val = strchr(name, '=');
        size_t len = val ? (size_t)(val - name) : strlen(name);
        if (val) val++;
        else if (first + 1 < argc) val = argv[++first];
        else die("%s needs a value", name);
        first++;
        if (len == 8 && strncmp(name, "--extent", len) == 0) {
            if (!parse_pair(val, 'x', &ext_w, &ext_h) || !ext_w || !ext_h)
                die("bad --extent '%s' (expected WxH, e.g. 720x1280)", val);
        } else if (len == 8 && strncmp(name, "--settle", len) == 0) {
            if (!parse_uint(val, val + strlen(val), &settle)) die("bad --settle '%s' (expected milliseconds)", val);
        } else {
            die("unknown option '%.*s'", (int)len, name);
        }
    }
    if (first >= argc) usage();
    int nsteps = argc - first;
    struct step *steps = calloc((size_t)nsteps, sizeof *steps);
    if (!steps) die("out of memory");
    for (int i = 0; i < nsteps; i++) steps[i] = parse_step(argv[first + i]);

    struct wl_display *dpy = wl_display_connect(NULL);
    if (!dpy) die("cannot connect to the Wayland display (WAYLAND_DISPLAY / XDG_RUNTIME_DIR)");
    struct wl_registry *reg = wl_display_get_registry(dpy);
    wl_registry_add_listener(reg, &registry_listener, NULL);
    wl_display_roundtrip(dpy);  // globals
    wl_display_roundtrip(dpy);  // output events
    if (!manager && fake) {
        org_kde_kwin_fake_input_authenticate(fake, "tapboard-tap", "taps in tapboard's tests");
        wl_display_roundtrip(dpy);
        sleep_ms(settle);
        run_steps(dpy, &fake_touch, steps, nsteps);
        wl_display_disconnect(dpy);
        free(steps);
        return 0;
    }
    if (!manager) die("the compositor lacks zwlr_virtual_pointer_manager_v1 (and org_kde_kwin_fake_input)");
    if (!ext_w) {
        if (mode_w <= 0 || mode_h <= 0) die("no wl_output mode to take the extent from; pass --extent WxH");
        ext_w = (unsigned)(mode_w / out_scale);
        ext_h = (unsigned)(mode_h / out_scale);
    }
    pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, seat);
    wl_display_roundtrip(dpy);
    sleep_ms(settle);
    run_steps(dpy, &virtual_pointer, steps, nsteps);
    zwlr_virtual_pointer_v1_destroy(pointer);
    wl_display_roundtrip(dpy);
    wl_display_disconnect(dpy);
    free(steps);
    return 0;
}
