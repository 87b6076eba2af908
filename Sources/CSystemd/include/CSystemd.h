// sd-bus for tapboard's sm.puri.OSK0 service, feedbackd, the colour scheme and the
// show/hide/toggle commands. libsystemd (and what it links: libgcrypt, liblzma, libzstd,
// liblz4, libcap) is not linked: bus.c opens it with dlopen the first time a session bus
// is there to connect to, and defines the sd-bus functions tapboard calls as forwarders
// into it. Without a session bus nothing of it is mapped.
// The vtable and every variadic sd-bus call live in bus.c: Swift can import neither.
#include <systemd/sd-bus.h>

/// What the service asks of its owner; `owner` is handed back to each function.
typedef struct tapboard_osk_handlers {
    void *owner;
    void (*set_visible)(void *owner, int visible);
    int (*visible)(void *owner);
    void (*name_lost)(void *owner);
} tapboard_osk_handlers;

/// Puts sm.puri.OSK0 (SetVisible(b), read-only Visible(b) that signals its changes) at
/// /sm/puri/OSK0 and watches for the bus name going to another program.
int tapboard_osk_add(sd_bus *bus, const tapboard_osk_handlers *handlers);

/// Signals that Visible changed.
int tapboard_osk_emit_visible(sd_bus *bus);

/// Calls SetVisible on the running keyboard.
int tapboard_osk_call_set_visible(sd_bus *bus, int visible, sd_bus_error *error);

/// Reads Visible from the running keyboard into `visible`.
int tapboard_osk_get_remote_visible(sd_bus *bus, int *visible, sd_bus_error *error);

/// Asks feedbackd (org.sigxcpu.Feedback) for the feedback of `event` as app `app_id`:
/// TriggerFeedback(app_id, event, no hints, timeout -1). No reply is expected, so none
/// comes back (nor an error when feedbackd is not running): nothing to wait for.
int tapboard_feedback_trigger(sd_bus *bus, const char *app_id, const char *event);
