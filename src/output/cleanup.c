#include "output/cleanup.h"
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>
#include "util/fault.h"

/* A slot is free, being filled or forgotten (the handler skips it), or
 * holds a path the handler removes. The paths live in static storage: the
 * handler never reads memory that another thread may free. */
enum { SLOT_FREE, SLOT_BUSY, SLOT_HELD };

static atomic_int state[CLEANUP_SLOTS];
static char paths[CLEANUP_SLOTS][PATH_MAX];
static GMutex waiting_lock;
static GCond slot_freed;
/* A file is made and registered in one step, with the signals blocked in
 * that thread; but a signal may reach another thread meanwhile. Its handler
 * says the run is ending (DYING), then waits for the steps under way
 * (CREATING) to finish: a step begun after that sees DYING and makes
 * nothing, so that no file escapes the handler. */
static atomic_int creating;
static atomic_int dying;

static const int signals[] = { SIGINT, SIGTERM, SIGHUP };

void cleanup_remove_all(void)
{
	atomic_store(&dying, 1);
	while (atomic_load(&creating) > 0)
		; /* another thread's mkstemp, a few microseconds: a lock-free atomic is all a handler may wait on */
	for (int i = 0; i < CLEANUP_SLOTS; i++)
		if (atomic_load(&state[i]) == SLOT_HELD)
			unlink(paths[i]);
}

/* Removes every registered file, then ends the process by the signal
 * itself, so that the parent sees 128+N, as gzip and sort do. */
static void on_signal(int signal_number)
{
	cleanup_remove_all();
	struct sigaction fallback = { .sa_handler = SIG_DFL };
	sigemptyset(&fallback.sa_mask);
	sigaction(signal_number, &fallback, NULL);
	raise(signal_number); /* delivered as the handler returns: the signal is blocked until then */
}

void cleanup_install(void)
{
	fault_on_exit(cleanup_remove_all);
	struct sigaction action = { .sa_handler = on_signal };
	sigemptyset(&action.sa_mask);
	/* one handler at a time: a second signal waits for the first to end the process */
	for (gsize i = 0; i < G_N_ELEMENTS(signals); i++)
		sigaddset(&action.sa_mask, signals[i]);
	for (gsize i = 0; i < G_N_ELEMENTS(signals); i++) {
		struct sigaction old;
		if (sigaction(signals[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(signals[i], &action, NULL);
	}
}

/* A free slot, claimed (SLOT_BUSY), or -1. */
static int claim_slot(void)
{
	for (int i = 0; i < CLEANUP_SLOTS; i++) {
		int expected = SLOT_FREE;
		if (atomic_compare_exchange_strong(&state[i], &expected, SLOT_BUSY))
			return i;
	}
	return -1;
}

int cleanup_mkstemp(char *template_path, int *slot)
{
	fault_on_exit(cleanup_remove_all); /* a fault removes the file, signals or not */
	if (strlen(template_path) >= PATH_MAX) {
		errno = ENAMETOOLONG;
		return -1;
	}
	g_mutex_lock(&waiting_lock);
	while ((*slot = claim_slot()) < 0)
		g_cond_wait(&slot_freed, &waiting_lock);
	g_mutex_unlock(&waiting_lock);
	sigset_t blocked, old;
	sigemptyset(&blocked);
	for (gsize i = 0; i < G_N_ELEMENTS(signals); i++)
		sigaddset(&blocked, signals[i]);
	pthread_sigmask(SIG_BLOCK, &blocked, &old);
	atomic_fetch_add(&creating, 1);
	int fd = -1, saved = EINTR; /* the run is ending: nothing more is made */
	if (!atomic_load(&dying)) {
		fd = g_mkstemp(template_path);
		saved = errno;
	}
	if (fd >= 0) {
		strcpy(paths[*slot], template_path);
		atomic_store(&state[*slot], SLOT_HELD);
	}
	atomic_fetch_sub(&creating, 1);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (fd < 0) {
		cleanup_forget(*slot);
		*slot = -1;
		errno = saved;
	}
	return fd;
}

void cleanup_forget(int slot)
{
	if (slot < 0)
		return;
	atomic_store(&state[slot], SLOT_BUSY); /* the handler no longer reads the path */
	paths[slot][0] = 0;
	g_mutex_lock(&waiting_lock);
	atomic_store(&state[slot], SLOT_FREE);
	g_cond_signal(&slot_freed);
	g_mutex_unlock(&waiting_lock);
}
