#include "util/fault.h"
#include <malloc.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

static void (*_Atomic on_exit_hook)(void); /* read by a handler: lock-free, as a pointer is */

void fault_on_exit(void (*hook)(void))
{
	atomic_store(&on_exit_hook, hook);
}

static _Thread_local char context[4096]; /* a copy: a handler reads it, whatever the caller frees */

void fault_set_context(const char *trace)
{
	g_strlcpy(context, trace ? trace : "", sizeof context);
}

const char *fault_context(void)
{
	return context[0] ? context : NULL;
}

static void say(const char *text)
{
	gsize len = strlen(text);
	while (len) {
		ssize_t n = write(STDERR_FILENO, text, len);
		if (n <= 0)
			return;
		text += n, len -= (gsize)n;
	}
}

/* Allocates nothing: memory has run out. One thread says it, the others
 * wait for the end. */
void fault_out_of_memory(void)
{
	fault_exit("out of memory");
}

void fault_exit(const char *what)
{
	static atomic_flag ending = ATOMIC_FLAG_INIT;
	if (atomic_flag_test_and_set(&ending))
		for (;;)
			pause();
	void (*hook)(void) = atomic_load(&on_exit_hook);
	if (hook)
		hook();
	say("profile_parser: ");
	if (context[0]) {
		say(context);
		say(": ");
	}
	say(what);
	say("\n");
	_exit(1);
}

static void on_glib_error(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data)
{
	if (message && strstr(message, "failed to allocate"))
		fault_out_of_memory();
	g_log_default_handler(domain, level, message, data); /* then GLib aborts, as for any error */
}

static void ignore_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data)
{
	(void)domain, (void)level, (void)message, (void)data;
}

void fault_install(void)
{
	g_log_set_handler("GLib", G_LOG_LEVEL_ERROR | G_LOG_FLAG_FATAL | G_LOG_FLAG_RECURSION, on_glib_error, NULL);
	/* g_logv allocates on its first call (a GPrivate of its depth), and
	 * GLib aborts when that fails: a first call now, so that the message
	 * of a failed allocation reaches on_glib_error without allocating. */
	g_log_set_handler("profile_parser", G_LOG_LEVEL_DEBUG, ignore_log, NULL);
	g_log("profile_parser", G_LOG_LEVEL_DEBUG, "%s", "");
	struct rlimit limit;
	if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
		mallopt(M_ARENA_MAX, 1);
}
