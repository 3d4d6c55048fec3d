/* Faults of the machine: memory that cannot be had ends the run with exit
 * status 1 and one line, "profile_parser: TRACE: out of memory", the
 * temporary files removed (src/output/cleanup.h), never with an abort. GLib's
 * allocations report their failure through its log, json-c's as NULL, which
 * the callers give to fault_out_of_memory. */
#ifndef PP_FAULT_H
#define PP_FAULT_H

#include <glib.h>

/* Call once, before any thread: GLib's allocation failures end the run as
 * above; under a limit on address space, one malloc arena for all threads
 * (glibc's per-thread arenas reserve 64 MB each: under the limit they cannot,
 * and every allocation becomes an mmap, 100 times slower). */
void fault_install(void);
/* HOOK runs first when fault_exit ends the process (output/cleanup.c removes
 * the temporary files): async-signal-safe, as fault_exit may run in a handler. */
void fault_on_exit(void (*hook)(void));
/* The trace (as messages show it) that this thread works for, or NULL
 * (copied); threads of src/util/ordered.h take their creator's. */
void fault_set_context(const char *trace);
const char *fault_context(void);
/* Ends the run: the temporary files removed, the message, exit status 1. */
G_NORETURN void fault_out_of_memory(void);
/* The same, for a limit of the program's own reached: WHAT is the message. */
G_NORETURN void fault_exit(const char *what);
/* P (evaluated once), or the end of the run when it is NULL (an allocation
 * that failed). */
#define FAULT_CHECK(p)                                  \
	__extension__({                                 \
		__typeof__(p) fault_checked_ = (p);     \
		if (!fault_checked_)                    \
			fault_out_of_memory();          \
		fault_checked_;                         \
	})

#endif
