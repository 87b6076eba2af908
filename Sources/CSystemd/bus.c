// libsystemd's sd-bus, opened with dlopen when a session bus is there to connect to: the
// sd-bus functions tapboard calls are defined here as forwarders into it (see CSystemd.h).
#include "CSystemd.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// Every libsystemd function used, as a pointer of the function's own type.
#define BUS_FUNCTIONS(X)                                                                         \
    X(sd_bus_open_user) X(sd_bus_flush_close_unref) X(sd_bus_request_name) X(sd_bus_get_fd)      \
    X(sd_bus_get_events) X(sd_bus_get_timeout) X(sd_bus_process) X(sd_bus_get_name_creds)        \
    X(sd_bus_creds_get_pid) X(sd_bus_creds_unref) X(sd_bus_error_free) X(sd_bus_match_signal)    \
    X(sd_bus_slot_unref) X(sd_bus_message_new_method_call) X(sd_bus_message_append_basic)        \
    X(sd_bus_call) X(sd_bus_message_unref) X(sd_bus_message_read_basic) X(sd_bus_message_peek_type) \
    X(sd_bus_message_enter_container) X(sd_bus_message_read) X(sd_bus_reply_method_return)       \
    X(sd_bus_message_append) X(sd_bus_add_object_vtable) X(sd_bus_emit_properties_changed)       \
    X(sd_bus_call_method) X(sd_bus_get_property) X(sd_bus_message_set_expect_reply) X(sd_bus_send)

#define POINTER(name) static __typeof__(name) *p_##name;
BUS_FUNCTIONS(POINTER)
static const unsigned *vtable_format;

/// Whether libsystemd is open with every function found; it is opened once.
static int loaded(void) {
    static int state = -1;
    if (state >= 0) return state;
    state = 0;
    void *h = dlopen("libsystemd.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!h) return 0;
#define LOAD(name) if (!(p_##name = (__typeof__(name) *)dlsym(h, #name))) return 0;
    BUS_FUNCTIONS(LOAD)
    if (!(vtable_format = dlsym(h, "sd_bus_object_vtable_format"))) return 0;
    state = 1;
    return 1;
}

/// Whether a session bus may be there: an address given, or the socket sd-bus looks for
/// without one. Without either sd_bus_open_user fails with ENOENT anyway.
static int session_bus_named(void) {
    const char *address = getenv("DBUS_SESSION_BUS_ADDRESS");
    if (address && *address) return 1;
    const char *dir = getenv("XDG_RUNTIME_DIR");
    if (!dir || !*dir) return 0;
    char path[4096];
    size_t n = strlen(dir);
    if (n + sizeof "/bus" > sizeof path) return 1;
    memcpy(path, dir, n);
    memcpy(path + n, "/bus", sizeof "/bus");
    return access(path, F_OK) == 0;
}

int sd_bus_open_user(sd_bus **ret) {
    if (!session_bus_named()) return -ENOENT;
    if (!loaded()) return -ELIBACC;
    return p_sd_bus_open_user(ret);
}

// The others are only reached with a bus (or message) that sd_bus_open_user gave, that is
// with libsystemd loaded; the checks keep a wrong call from jumping to nothing.
#define LOADED_OR(fail) if (!loaded()) return fail;

sd_bus *sd_bus_flush_close_unref(sd_bus *bus) {
    LOADED_OR(NULL) return p_sd_bus_flush_close_unref(bus);
}
int sd_bus_request_name(sd_bus *bus, const char *name, uint64_t flags) {
    LOADED_OR(-ELIBACC) return p_sd_bus_request_name(bus, name, flags);
}
int sd_bus_get_fd(sd_bus *bus) { LOADED_OR(-ELIBACC) return p_sd_bus_get_fd(bus); }
int sd_bus_get_events(sd_bus *bus) { LOADED_OR(-ELIBACC) return p_sd_bus_get_events(bus); }
int sd_bus_get_timeout(sd_bus *bus, uint64_t *usec) { LOADED_OR(-ELIBACC) return p_sd_bus_get_timeout(bus, usec); }
int sd_bus_process(sd_bus *bus, sd_bus_message **r) { LOADED_OR(-ELIBACC) return p_sd_bus_process(bus, r); }
int sd_bus_get_name_creds(sd_bus *bus, const char *name, uint64_t mask, sd_bus_creds **creds) {
    LOADED_OR(-ELIBACC) return p_sd_bus_get_name_creds(bus, name, mask, creds);
}
int sd_bus_creds_get_pid(sd_bus_creds *c, pid_t *pid) { LOADED_OR(-ELIBACC) return p_sd_bus_creds_get_pid(c, pid); }
sd_bus_creds *sd_bus_creds_unref(sd_bus_creds *c) { LOADED_OR(NULL) return p_sd_bus_creds_unref(c); }
void sd_bus_error_free(sd_bus_error *e) {
    if (loaded()) p_sd_bus_error_free(e);
}
int sd_bus_match_signal(
    sd_bus *bus, sd_bus_slot **ret, const char *sender, const char *path, const char *interface, const char *member,
    sd_bus_message_handler_t callback, void *userdata) {
    LOADED_OR(-ELIBACC) return p_sd_bus_match_signal(bus, ret, sender, path, interface, member, callback, userdata);
}
sd_bus_slot *sd_bus_slot_unref(sd_bus_slot *slot) { LOADED_OR(NULL) return p_sd_bus_slot_unref(slot); }
int sd_bus_message_new_method_call(
    sd_bus *bus, sd_bus_message **m, const char *destination, const char *path, const char *interface,
    const char *member) {
    LOADED_OR(-ELIBACC) return p_sd_bus_message_new_method_call(bus, m, destination, path, interface, member);
}
int sd_bus_message_append_basic(sd_bus_message *m, char type, const void *p) {
    LOADED_OR(-ELIBACC) return p_sd_bus_message_append_basic(m, type, p);
}
int sd_bus_call(sd_bus *bus, sd_bus_message *m, uint64_t usec, sd_bus_error *ret_error, sd_bus_message **reply) {
    LOADED_OR(-ELIBACC) return p_sd_bus_call(bus, m, usec, ret_error, reply);
}
sd_bus_message *sd_bus_message_unref(sd_bus_message *m) { LOADED_OR(NULL) return p_sd_bus_message_unref(m); }
int sd_bus_message_read_basic(sd_bus_message *m, char type, void *p) {
    LOADED_OR(-ELIBACC) return p_sd_bus_message_read_basic(m, type, p);
}
int sd_bus_message_peek_type(sd_bus_message *m, char *type, const char **contents) {
    LOADED_OR(-ELIBACC) return p_sd_bus_message_peek_type(m, type, contents);
}
int sd_bus_message_enter_container(sd_bus_message *m, char type, const char *contents) {
    LOADED_OR(-ELIBACC) return p_sd_bus_message_enter_container(m, type, contents);
}

// The service and calls that need variadic functions or the vtable.

static int osk_set_visible(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    const tapboard_osk_handlers *h = userdata;
    int visible = 0;
    int r = p_sd_bus_message_read(m, "b", &visible);
    if (r < 0) return r;
    h->set_visible(h->owner, visible);
    return p_sd_bus_reply_method_return(m, NULL);
}

static int osk_get_visible(
    sd_bus *bus, const char *path, const char *interface, const char *property, sd_bus_message *reply,
    void *userdata, sd_bus_error *error) {
    (void)bus; (void)path; (void)interface; (void)property; (void)error;
    const tapboard_osk_handlers *h = userdata;
    return p_sd_bus_message_append(reply, "b", h->visible(h->owner));
}

static int osk_name_lost(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    const tapboard_osk_handlers *h = userdata;
    const char *name = NULL;
    if (p_sd_bus_message_read(m, "s", &name) >= 0 && name && strcmp(name, "sm.puri.OSK0") == 0)
        h->name_lost(h->owner);
    return 0;
}

int tapboard_osk_add(sd_bus *bus, const tapboard_osk_handlers *handlers) {
    LOADED_OR(-ELIBACC)
    // SD_BUS_VTABLE_START names libsystemd's vtable format by address: that address is
    // known only now, so the table is filled in here (static: unused parts stay zero).
    static sd_bus_vtable vtable[] = {
        {.type = _SD_BUS_VTABLE_START, .flags = 0,
         .x = {.start = {.element_size = sizeof(sd_bus_vtable), .features = _SD_BUS_VTABLE_PARAM_NAMES}}},
        SD_BUS_METHOD_WITH_NAMES("SetVisible", "b", SD_BUS_PARAM(visible), "", "", osk_set_visible,
                                 SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_PROPERTY("Visible", "b", osk_get_visible, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
        SD_BUS_VTABLE_END
    };
    vtable[0].x.start.vtable_format_reference = vtable_format;
    int r = p_sd_bus_add_object_vtable(bus, NULL, "/sm/puri/OSK0", "sm.puri.OSK0", vtable, (void *)handlers);
    if (r < 0) return r;
    return p_sd_bus_match_signal(bus, NULL, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                 "org.freedesktop.DBus", "NameLost", osk_name_lost, (void *)handlers);
}

int tapboard_osk_emit_visible(sd_bus *bus) {
    LOADED_OR(-ELIBACC)
    return p_sd_bus_emit_properties_changed(bus, "/sm/puri/OSK0", "sm.puri.OSK0", "Visible", NULL);
}

int tapboard_osk_call_set_visible(sd_bus *bus, int visible, sd_bus_error *error) {
    LOADED_OR(-ELIBACC)
    return p_sd_bus_call_method(bus, "sm.puri.OSK0", "/sm/puri/OSK0", "sm.puri.OSK0", "SetVisible",
                                error, NULL, "b", visible);
}

int tapboard_osk_get_remote_visible(sd_bus *bus, int *visible, sd_bus_error *error) {
    LOADED_OR(-ELIBACC)
    sd_bus_message *reply = NULL;
    int r = p_sd_bus_get_property(bus, "sm.puri.OSK0", "/sm/puri/OSK0", "sm.puri.OSK0", "Visible",
                                  error, &reply, "b");
    if (r < 0) return r;
    r = p_sd_bus_message_read(reply, "b", visible);
    p_sd_bus_message_unref(reply);
    return r;
}

int tapboard_feedback_trigger(sd_bus *bus, const char *app_id, const char *event) {
    LOADED_OR(-ELIBACC)
    sd_bus_message *m = NULL;
    int r = p_sd_bus_message_new_method_call(bus, &m, "org.sigxcpu.Feedback", "/org/sigxcpu/Feedback",
                                             "org.sigxcpu.Feedback", "TriggerFeedback");
    if (r < 0) return r;
    r = p_sd_bus_message_append(m, "ssa{sv}i", app_id, event, 0, -1);
    if (r >= 0) r = p_sd_bus_message_set_expect_reply(m, 0);
    if (r >= 0) r = p_sd_bus_send(bus, m, NULL);
    p_sd_bus_message_unref(m);
    return r;
}
