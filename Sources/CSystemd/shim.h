// sd-bus for tapboard's sm.puri.OSK0 service and its show/hide/toggle commands.
// The vtable and every variadic sd-bus call live here: Swift can import neither.
#include <string.h>
#include <systemd/sd-bus.h>

/// What the service asks of its owner; `owner` is handed back to each function.
typedef struct tapboard_osk_handlers {
    void *owner;
    void (*set_visible)(void *owner, int visible);
    int (*visible)(void *owner);
    void (*name_lost)(void *owner);
} tapboard_osk_handlers;

static inline int tapboard_osk_set_visible(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    const tapboard_osk_handlers *h = userdata;
    int visible = 0;
    int r = sd_bus_message_read(m, "b", &visible);
    if (r < 0) return r;
    h->set_visible(h->owner, visible);
    return sd_bus_reply_method_return(m, NULL);
}

static inline int tapboard_osk_get_visible(sd_bus *bus, const char *path, const char *interface,
                                           const char *property, sd_bus_message *reply,
                                           void *userdata, sd_bus_error *error) {
    (void)bus; (void)path; (void)interface; (void)property; (void)error;
    const tapboard_osk_handlers *h = userdata;
    return sd_bus_message_append(reply, "b", h->visible(h->owner));
}

static inline int tapboard_osk_name_lost(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)error;
    const tapboard_osk_handlers *h = userdata;
    const char *name = NULL;
    if (sd_bus_message_read(m, "s", &name) >= 0 && name && strcmp(name, "sm.puri.OSK0") == 0)
        h->name_lost(h->owner);
    return 0;
}

/// Puts sm.puri.OSK0 (SetVisible(b), read-only Visible(b) that signals its changes) at
/// /sm/puri/OSK0 and watches for the bus name going to another program.
static inline int tapboard_osk_add(sd_bus *bus, const tapboard_osk_handlers *handlers) {
    static const sd_bus_vtable vtable[] = {
        SD_BUS_VTABLE_START(0),
        SD_BUS_METHOD_WITH_NAMES("SetVisible", "b", SD_BUS_PARAM(visible), "", "", tapboard_osk_set_visible,
                                 SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_PROPERTY("Visible", "b", tapboard_osk_get_visible, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
        SD_BUS_VTABLE_END
    };
    int r = sd_bus_add_object_vtable(bus, NULL, "/sm/puri/OSK0", "sm.puri.OSK0", vtable, (void *)handlers);
    if (r < 0) return r;
    return sd_bus_match_signal(bus, NULL, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                               "org.freedesktop.DBus", "NameLost", tapboard_osk_name_lost, (void *)handlers);
}

/// Signals that Visible changed.
static inline int tapboard_osk_emit_visible(sd_bus *bus) {
    return sd_bus_emit_properties_changed(bus, "/sm/puri/OSK0", "sm.puri.OSK0", "Visible", NULL);
}

/// Calls SetVisible on the running keyboard.
static inline int tapboard_osk_call_set_visible(sd_bus *bus, int visible, sd_bus_error *error) {
    return sd_bus_call_method(bus, "sm.puri.OSK0", "/sm/puri/OSK0", "sm.puri.OSK0", "SetVisible",
                              error, NULL, "b", visible);
}

/// Reads Visible from the running keyboard into `visible`.
static inline int tapboard_osk_get_remote_visible(sd_bus *bus, int *visible, sd_bus_error *error) {
    sd_bus_message *reply = NULL;
    int r = sd_bus_get_property(bus, "sm.puri.OSK0", "/sm/puri/OSK0", "sm.puri.OSK0", "Visible",
                                error, &reply, "b");
    if (r < 0) return r;
    r = sd_bus_message_read(reply, "b", visible);
    sd_bus_message_unref(reply);
    return r;
}
