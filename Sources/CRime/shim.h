// librime's C API, for its struct layouts (RimeApi, RimeTraits, RimeContext, ...) only.
// Deliberately no `link`: TapboardEngines opens librime.so.1 with dlopen on first use and
// takes the table of functions from rime_get_api, so tapboard starts without librime.
#include <rime_api.h>
