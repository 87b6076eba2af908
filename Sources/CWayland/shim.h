#include <wayland-client.h>
/* The event loop's signal descriptor (not in Swift's Glibc module). */
#include <sys/signalfd.h>
/* Shared memory for buffers and keymaps (glibc declares it only under _GNU_SOURCE). */
#include <linux/memfd.h>
int memfd_create(const char *name, unsigned int flags);
/* malloc_trim: freed heap pages back to the system (not in Swift's Glibc module). */
#include <malloc.h>
