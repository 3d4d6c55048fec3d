/* Cleanup: the temporary files a run has made, removed when SIGINT, SIGTERM
 * or SIGHUP ends it. The registry is a fixed array of paths that the signal
 * handler reads with async-signal-safe calls only (unlink), whatever the
 * thread that was writing; a destination is never touched, since it is
 * replaced only by rename. */
#ifndef PP_CLEANUP_H
#define PP_CLEANUP_H

#include <glib.h>

#define CLEANUP_SLOTS 256 /* temporary files at once; more outputs wait for a slot */

/* Installs the handlers (a signal ignored when the program started, as
 * under nohup, stays ignored); call once, before any thread. */
void cleanup_install(void);
/* g_mkstemp(TEMPLATE) with the file registered, to be removed if a signal
 * ends the run: both are done with the signals blocked, so that no file is
 * made unregistered. Returns the descriptor and sets *SLOT, or -1 with errno
 * set (ENAMETOOLONG: a path too long to be held). Waits while all slots are
 * taken. */
int cleanup_mkstemp(char *template_path, int *slot);
/* Removes every registered file, with async-signal-safe calls only (for a
 * run that ends on a fault). */
void cleanup_remove_all(void);
/* Forgets the path of SLOT (-1: nothing), once it is renamed or removed. */
void cleanup_forget(int slot);

#endif
