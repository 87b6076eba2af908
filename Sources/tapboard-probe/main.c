// tapboard-probe: test-only text-input-v3 client.
//
// Shows a 256x256 xdg_toplevel, keeps a UTF-8 text buffer with a cursor
// (byte offset) and prints one line per event on stdout:
//   ready                    window mapped
//   focus in / focus out     wl_keyboard enter / leave
//   key NAME [ctrl] [alt] [logo]   key press (xkb keysym name)
//   release NAME             key release (only with --releases)
//   delete BEFORE AFTER      text-input delete_surrounding_text (bytes)
//   commit "TEXT"            text-input commit_string
//   preedit "TEXT"           text-input preedit_string
//   text "BUFFER"            buffer after a key press or a text-input done
//   disabled / enabled       after SIGUSR1 / SIGUSR2
// Strings escape " \ and newline as \" \\ \n, other control bytes as \xNN.
// SIGTERM or SIGINT prints the final text line and exits 0; losing the
// compositor exits 1.

#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <wayland-client.h>
#include <xkbcommon/xkbcommon.h>
#include "text-input-unstable-v3-client-protocol.h"
#include "xdg-shell-client-protocol.h"

#define WIN_SIZE 256
#define MAX_SURROUNDING 4000

static const char *purposes[] = { "normal", "alpha", "digits", "number", "phone", "url", "email",
    "name", "password", "pin", "date", "time", "datetime", "terminal" };
static const char *hints[] = { "completion", "spellcheck", "auto_capitalization", "lowercase",
    "uppercase", "titlecase", "hidden_text", "sensitive_data", "latin", "multiline" };

static struct {
    bool use_text_input, surrounding;
    uint32_t purpose, hint;
    const char *title, *app_id;
} opt = { true, true, 0, 0, "tapboard-probe", "tapboard-probe" };

static struct wl_display *dpy;
static struct wl_compositor *compositor;
static struct wl_shm *shm;
static struct xdg_wm_base *wm_base;
static struct wl_seat *seat;
static struct wl_keyboard *keyboard;
static struct zwp_text_input_manager_v3 *ti_manager;
static struct zwp_text_input_v3 *ti;
static struct wl_surface *surface;
static struct wl_buffer *buffer;
static bool configured;

static struct xkb_context *xkb;
static struct xkb_keymap *keymap;
static struct xkb_state *xkb_state;

static char *text;        // the buffer, NUL-terminated
static size_t text_len, cursor;

static bool ti_focused;        // text_input enter received, no leave since
static bool ti_wanted = true;  // SIGUSR1 clears, SIGUSR2 sets
static bool ti_enabled;        // enable committed

// text-input state pending until done; strings are owned
static struct {
    char *commit, *preedit;
    bool has_commit, has_preedit, has_delete;
    uint32_t before, after;
} pend;

static void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("tapboard-probe: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static void out(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fflush(stdout);
}

// Prints s (n bytes) quoted and escaped, without a newline.
static void put_quoted(const char *s, size_t n) {
    putchar('"');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') printf("\\%c", c);
        else if (c == '\n') fputs("\\n", stdout);
        else if (c < 0x20 || c == 0x7f) printf("\\x%02x", c);
        else putchar(c);
    }
    putchar('"');
}

static void print_string_line(const char *label, const char *s) {
    printf("%s ", label);
    put_quoted(s ? s : "", s ? strlen(s) : 0);
    out("\n");
}

static void print_text(void) { print_string_line("text", text); }

static void text_insert(const char *s) {
    size_t n = strlen(s);
    char *t = realloc(text, text_len + n + 1);
    if (!t) die("out of memory");
    text = t;
    memmove(text + cursor + n, text + cursor, text_len - cursor + 1);
    memcpy(text + cursor, s, n);
    text_len += n;
    cursor += n;
}

// Deletes bytes [from, to) and puts the cursor at from.
static void text_delete(size_t from, size_t to) {
    memmove(text + from, text + to, text_len - to + 1);
    text_len -= to - from;
    cursor = from;
}

static bool utf8_cont(char c) { return ((unsigned char)c & 0xc0) == 0x80; }

// ---- text-input-v3 ----

static void ti_send_surrounding(void) {
    if (!opt.surrounding) return;
    size_t start = 0, end = text_len;
    if (text_len > MAX_SURROUNDING) {  // a window around the cursor, on character boundaries
        start = cursor > MAX_SURROUNDING / 2 ? cursor - MAX_SURROUNDING / 2 : 0;
        while (start < cursor && utf8_cont(text[start])) start++;
        end = start + MAX_SURROUNDING < text_len ? start + MAX_SURROUNDING : text_len;
        while (end > cursor && end < text_len && utf8_cont(text[end])) end--;
    }
    char saved = text[end];
    text[end] = '\0';
    zwp_text_input_v3_set_surrounding_text(ti, text + start, (int32_t)(cursor - start), (int32_t)(cursor - start));
    text[end] = saved;
}

static void ti_enable(void) {
    zwp_text_input_v3_enable(ti);
    zwp_text_input_v3_set_content_type(ti, opt.hint, opt.purpose);
    ti_send_surrounding();
    zwp_text_input_v3_commit(ti);
    ti_enabled = true;
}

static void ti_disable(void) {
    zwp_text_input_v3_disable(ti);
    zwp_text_input_v3_commit(ti);
    ti_enabled = false;
}

static void ti_enter(void *d, struct zwp_text_input_v3 *t, struct wl_surface *s) {
    ti_focused = true;
    if (ti_wanted) ti_enable();
}

static void ti_leave(void *d, struct zwp_text_input_v3 *t, struct wl_surface *s) {
    ti_focused = false;
    if (ti_enabled) ti_disable();
}

static void ti_preedit(void *d, struct zwp_text_input_v3 *t, const char *s, int32_t begin, int32_t end) {
    free(pend.preedit);
    pend.preedit = s ? strdup(s) : NULL;
    pend.has_preedit = true;
}

static void ti_commit_string(void *d, struct zwp_text_input_v3 *t, const char *s) {
    free(pend.commit);
    pend.commit = s ? strdup(s) : NULL;
    pend.has_commit = true;
}

static void ti_delete(void *d, struct zwp_text_input_v3 *t, uint32_t before, uint32_t after) {
    pend.before = before;
    pend.after = after;
    pend.has_delete = true;
}

static void ti_done(void *d, struct zwp_text_input_v3 *t, uint32_t serial) {
    if (pend.has_delete) {
        size_t from = pend.before > cursor ? 0 : cursor - pend.before;
        size_t to = pend.after > text_len - cursor ? text_len : cursor + pend.after;
        text_delete(from, to);
        out("delete %u %u\n", pend.before, pend.after);
    }
    if (pend.has_commit) {
        if (pend.commit) text_insert(pend.commit);
        print_string_line("commit", pend.commit);
    }
    if (pend.has_preedit) print_string_line("preedit", pend.preedit);
    print_text();
    free(pend.commit);
    free(pend.preedit);
    memset(&pend, 0, sizeof pend);
    if (ti_enabled && opt.surrounding) {
        ti_send_surrounding();
        zwp_text_input_v3_commit(ti);
    }
}

static const struct zwp_text_input_v3_listener ti_listener = {
    .enter = ti_enter, .leave = ti_leave, .preedit_string = ti_preedit,
    .commit_string = ti_commit_string, .delete_surrounding_text = ti_delete, .done = ti_done,
};

static void maybe_create_text_input(void) {
    if (opt.use_text_input && !ti && seat && ti_manager) {
        ti = zwp_text_input_manager_v3_get_text_input(ti_manager, seat);
        zwp_text_input_v3_add_listener(ti, &ti_listener, NULL);
    }
}

// ---- keyboard ----

static void kb_keymap(void *d, struct wl_keyboard *k, uint32_t format, int32_t fd, uint32_t size) {
    if (format != WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1) { close(fd); return; }
    char *map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED) return;
    struct xkb_keymap *km = xkb_keymap_new_from_buffer(xkb, map, strnlen(map, size),
                                                       XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS);
    munmap(map, size);
    if (!km) { fprintf(stderr, "tapboard-probe: cannot compile the keymap\n"); return; }
    xkb_state_unref(xkb_state);
    xkb_keymap_unref(keymap);
    keymap = km;
    xkb_state = xkb_state_new(keymap);
}

static void kb_enter(void *d, struct wl_keyboard *k, uint32_t serial, struct wl_surface *s, struct wl_array *keys) {
    out("focus in\n");
}

static void kb_leave(void *d, struct wl_keyboard *k, uint32_t serial, struct wl_surface *s) {
    out("focus out\n");
}

static bool mod_active(const char *name) {
    return xkb_state_mod_name_is_active(xkb_state, name, XKB_STATE_MODS_EFFECTIVE) > 0;
}

static bool report_releases;

static void kb_key(void *d, struct wl_keyboard *k, uint32_t serial, uint32_t time, uint32_t key, uint32_t state) {
    if (!xkb_state) return;
    xkb_keycode_t code = key + 8;
    xkb_keysym_t sym = xkb_state_key_get_one_sym(xkb_state, code);
    char name[64];
    if (xkb_keysym_get_name(sym, name, sizeof name) < 0) snprintf(name, sizeof name, "keycode-%u", key);
    if (state != WL_KEYBOARD_KEY_STATE_PRESSED) {
        if (report_releases) out("release %s\n", name);
        return;
    }
    bool ctrl = mod_active(XKB_MOD_NAME_CTRL);
    out("key %s%s%s%s\n", name, ctrl ? " ctrl" : "", mod_active(XKB_MOD_NAME_ALT) ? " alt" : "",
        mod_active(XKB_MOD_NAME_LOGO) ? " logo" : "");

    size_t before = text_len, at = cursor;
    if (sym == XKB_KEY_BackSpace) {
        if (cursor > 0) {
            size_t from = cursor - 1;
            while (from > 0 && utf8_cont(text[from])) from--;
            text_delete(from, cursor);
        }
    } else if (sym == XKB_KEY_Return || sym == XKB_KEY_KP_Enter) {
        text_insert("\n");
    } else {
        char utf8[64];
        if (xkb_state_key_get_utf8(xkb_state, code, utf8, sizeof utf8) > 0 &&
            (unsigned char)utf8[0] >= 0x20 && utf8[0] != 0x7f)
            text_insert(utf8);
    }
    print_text();
    // Tell the input method about an edit it did not make.
    if (ti_enabled && opt.surrounding && (text_len != before || cursor != at)) {
        ti_send_surrounding();
        zwp_text_input_v3_set_text_change_cause(ti, ZWP_TEXT_INPUT_V3_CHANGE_CAUSE_OTHER);
        zwp_text_input_v3_commit(ti);
    }
}

static void kb_modifiers(void *d, struct wl_keyboard *k, uint32_t serial, uint32_t depressed,
                         uint32_t latched, uint32_t locked, uint32_t group) {
    if (xkb_state) xkb_state_update_mask(xkb_state, depressed, latched, locked, 0, 0, group);
}

static void kb_repeat_info(void *d, struct wl_keyboard *k, int32_t rate, int32_t delay) {}

static const struct wl_keyboard_listener kb_listener = {
    .keymap = kb_keymap, .enter = kb_enter, .leave = kb_leave, .key = kb_key,
    .modifiers = kb_modifiers, .repeat_info = kb_repeat_info,
};

static void seat_capabilities(void *d, struct wl_seat *s, uint32_t caps) {
    if ((caps & WL_SEAT_CAPABILITY_KEYBOARD) && !keyboard) {
        keyboard = wl_seat_get_keyboard(seat);
        wl_keyboard_add_listener(keyboard, &kb_listener, NULL);
    } else if (!(caps & WL_SEAT_CAPABILITY_KEYBOARD) && keyboard) {
        if (wl_keyboard_get_version(keyboard) >= WL_KEYBOARD_RELEASE_SINCE_VERSION) wl_keyboard_release(keyboard);
        else wl_keyboard_destroy(keyboard);
        keyboard = NULL;
    }
}

static void seat_name(void *d, struct wl_seat *s, const char *name) {}

static const struct wl_seat_listener seat_listener = { .capabilities = seat_capabilities, .name = seat_name };

// ---- window ----

static void make_buffer(void) {
    int stride = WIN_SIZE * 4, size = stride * WIN_SIZE;
    int fd = memfd_create("tapboard-probe", MFD_CLOEXEC);
    if (fd < 0 || ftruncate(fd, size) < 0) die("cannot create the shm buffer");
    uint32_t *px = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (px == MAP_FAILED) die("cannot map the shm buffer");
    for (int i = 0; i < WIN_SIZE * WIN_SIZE; i++) px[i] = 0xff3465a4;
    munmap(px, (size_t)size);
    struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, size);
    buffer = wl_shm_pool_create_buffer(pool, 0, WIN_SIZE, WIN_SIZE, stride, WL_SHM_FORMAT_XRGB8888);
    wl_shm_pool_destroy(pool);
    close(fd);
}

static void mapped_done(void *d, struct wl_callback *cb, uint32_t data) {
    wl_callback_destroy(cb);
    out("ready\n");
}

static const struct wl_callback_listener mapped_listener = { .done = mapped_done };

static void xdg_surface_configure(void *d, struct xdg_surface *xs, uint32_t serial) {
    xdg_surface_ack_configure(xs, serial);
    if (!configured) {
        configured = true;
        make_buffer();
        wl_surface_attach(surface, buffer, 0, 0);
        wl_surface_damage(surface, 0, 0, WIN_SIZE, WIN_SIZE);
        wl_surface_commit(surface);
        // "ready" once the compositor has handled the commit.
        wl_callback_add_listener(wl_display_sync(dpy), &mapped_listener, NULL);
    } else {
        wl_surface_commit(surface);
    }
}

static const struct xdg_surface_listener xdg_surface_listener = { .configure = xdg_surface_configure };

static bool closing;

static void toplevel_configure(void *d, struct xdg_toplevel *t, int32_t w, int32_t h, struct wl_array *states) {}
static void toplevel_close(void *d, struct xdg_toplevel *t) { closing = true; }

static const struct xdg_toplevel_listener toplevel_listener = {
    .configure = toplevel_configure, .close = toplevel_close,
};

static void wm_ping(void *d, struct xdg_wm_base *wm, uint32_t serial) { xdg_wm_base_pong(wm, serial); }

static const struct xdg_wm_base_listener wm_listener = { .ping = wm_ping };

static void global(void *d, struct wl_registry *reg, uint32_t name, const char *iface, uint32_t version) {
#define MIN(a, b) ((a) < (b) ? (a) : (b))
    if (!compositor && strcmp(iface, wl_compositor_interface.name) == 0) {
        compositor = wl_registry_bind(reg, name, &wl_compositor_interface, MIN(version, 4));
    } else if (!shm && strcmp(iface, wl_shm_interface.name) == 0) {
        shm = wl_registry_bind(reg, name, &wl_shm_interface, 1);
    } else if (!wm_base && strcmp(iface, xdg_wm_base_interface.name) == 0) {
        wm_base = wl_registry_bind(reg, name, &xdg_wm_base_interface, 1);
        xdg_wm_base_add_listener(wm_base, &wm_listener, NULL);
    } else if (!seat && strcmp(iface, wl_seat_interface.name) == 0) {
        // phoc announces wl_seat only once an input device exists, so this may come late.
        seat = wl_registry_bind(reg, name, &wl_seat_interface, MIN(version, 5));
        wl_seat_add_listener(seat, &seat_listener, NULL);
        maybe_create_text_input();
    } else if (opt.use_text_input && !ti_manager && strcmp(iface, zwp_text_input_manager_v3_interface.name) == 0) {
        ti_manager = wl_registry_bind(reg, name, &zwp_text_input_manager_v3_interface, 1);
        maybe_create_text_input();
    }
}

static void global_remove(void *d, struct wl_registry *reg, uint32_t name) {}

static const struct wl_registry_listener registry_listener = { .global = global, .global_remove = global_remove };

// ---- main ----

static uint32_t lookup(const char *what, const char *name, const char **names, int n) {
    for (int i = 0; i < n; i++)
        if (strcmp(name, names[i]) == 0) return (uint32_t)i;
    die("unknown %s '%s'", what, name);
    return 0;
}

static void parse_args(int argc, char **argv) {
    static const struct option longopts[] = {
        { "no-text-input", no_argument, NULL, 'T' }, { "no-surrounding", no_argument, NULL, 'S' },
        { "initial", required_argument, NULL, 'i' }, { "purpose", required_argument, NULL, 'p' },
        { "hints", required_argument, NULL, 'h' }, { "title", required_argument, NULL, 't' },
        { "app-id", required_argument, NULL, 'a' }, { "releases", no_argument, NULL, 'r' }, { 0 },
    };
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case 'T': opt.use_text_input = false; break;
        case 'S': opt.surrounding = false; break;
        case 'i':
            free(text);
            text = strdup(optarg);
            text_len = cursor = strlen(text);
            break;
        case 'p': opt.purpose = lookup("purpose", optarg, purposes, 14); break;
        case 'h': {
            char *list = strdup(optarg), *save = NULL;
            for (char *tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
                opt.hint |= 1u << lookup("hint", tok, hints, 10);
            free(list);
            break;
        }
        case 't': opt.title = optarg; break;
        case 'a': opt.app_id = optarg; break;
        case 'r': report_releases = true; break;
        default:
            die("usage: tapboard-probe [--no-text-input] [--no-surrounding] [--initial TEXT] "
                "[--purpose NAME] [--hints LIST] [--title T] [--app-id ID] [--releases]");
        }
    }
    if (optind < argc) die("unexpected argument '%s'", argv[optind]);
}

int main(int argc, char **argv) {
    text = strdup("");
    parse_args(argc, argv);

    sigset_t mask;
    sigemptyset(&mask);
    sigaddset(&mask, SIGUSR1);
    sigaddset(&mask, SIGUSR2);
    sigaddset(&mask, SIGTERM);
    sigaddset(&mask, SIGINT);
    sigprocmask(SIG_BLOCK, &mask, NULL);
    int sfd = signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
    if (sfd < 0) die("signalfd failed");

    xkb = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
    dpy = wl_display_connect(NULL);
    if (!dpy) die("cannot connect to the Wayland display (WAYLAND_DISPLAY / XDG_RUNTIME_DIR)");
    struct wl_registry *reg = wl_display_get_registry(dpy);
    wl_registry_add_listener(reg, &registry_listener, NULL);
    wl_display_roundtrip(dpy);
    if (!compositor || !shm || !wm_base) die("the compositor lacks wl_compositor, wl_shm or xdg_wm_base");
    if (opt.use_text_input && !ti_manager) die("the compositor lacks zwp_text_input_manager_v3");

    surface = wl_compositor_create_surface(compositor);
    struct xdg_surface *xs = xdg_wm_base_get_xdg_surface(wm_base, surface);
    xdg_surface_add_listener(xs, &xdg_surface_listener, NULL);
    struct xdg_toplevel *top = xdg_surface_get_toplevel(xs);
    xdg_toplevel_add_listener(top, &toplevel_listener, NULL);
    xdg_toplevel_set_title(top, opt.title);
    xdg_toplevel_set_app_id(top, opt.app_id);
    wl_surface_commit(surface);

    struct pollfd fds[2] = { { .fd = wl_display_get_fd(dpy) }, { .fd = sfd, .events = POLLIN } };
    while (!closing) {
        while (wl_display_prepare_read(dpy) != 0)
            if (wl_display_dispatch_pending(dpy) < 0) die("lost the compositor");
        fds[0].events = POLLIN;
        if (wl_display_flush(dpy) < 0) {
            if (errno != EAGAIN) { wl_display_cancel_read(dpy); die("lost the compositor"); }
            fds[0].events |= POLLOUT;
        }
        if (poll(fds, 2, -1) < 0) {
            wl_display_cancel_read(dpy);
            if (errno == EINTR) continue;
            die("poll failed");
        }
        if (fds[0].revents & (POLLIN | POLLERR | POLLHUP)) {
            if (wl_display_read_events(dpy) < 0) die("lost the compositor");
        } else {
            wl_display_cancel_read(dpy);
        }
        if (wl_display_dispatch_pending(dpy) < 0) die("lost the compositor");

        struct signalfd_siginfo si;
        while (read(sfd, &si, sizeof si) == (ssize_t)sizeof si) {
            if (si.ssi_signo == SIGUSR1) {
                ti_wanted = false;
                if (ti_enabled) ti_disable();
                out("disabled\n");
            } else if (si.ssi_signo == SIGUSR2) {
                ti_wanted = true;
                if (ti && ti_focused) ti_enable();
                out("enabled\n");
            } else {
                closing = true;
            }
        }
    }
    print_text();
    wl_display_flush(dpy);
    return 0;
}
