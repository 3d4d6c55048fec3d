/* Fastev: the common events read straight from their bytes, without json-c.
 *
 * One pass over an element of the event array that the skimmer found needed
 * (src/input/skim.h): the grammar is checked as json-c's strict one (the
 * reader's, src/input/read_config.h), the members that matter are found (ph,
 * cat, name, pid, tid, ts, dur, args, and in args correlation, device,
 * kernel, Input Dims/dims, Input type, Concrete Inputs, Record function id,
 * External id), numbers are read in place, and args is written as the
 * Python literal src/util/pylit.c would write of json-c's value (its
 * members' literals are slices of it), unless no one keeps that literal
 * (an event neither monitored nor device, or args dropped with no extras
 * read): then args is read without it, its members heard and its invalid
 * UTF-8 counted all the same. The parse touches nothing shared: it
 * fills a struct fastev and a staging string; fastev_commit() then does, in
 * document order, what extract_event() (src/input/extract.c) does with
 * json-c's objects: names interned, threads added, literals kept, skips and
 * categories counted.
 *
 * [memory] instants (ph i, of a category with the memory role, named
 * "[memory]", or "[OutOfMemory]") are taken too, when their Bytes, Device
 * Type, Device Id, Total Allocated and Total Reserved are integers or absent (anything else is declined).
 * Anything unusual is declined, and the element goes to json-c as before:
 * of the other events an X event is the only one taken, with a category string that has roles,
 * times that read without a skip, a name and pid/tid that are plain
 * (strings without escapes, integers of at most 18 digits), args an object
 * or none; declined are escapes in strings, duplicate keys at any level,
 * "-0", leading zeros, "1.", NaN and Infinity, integers of 19 digits or
 * more where a number is read (times, pid, tid, correlation, device, the
 * join ids: other members of args write theirs as written), string
 * correlations or devices, nesting past 32 levels, json_values
 * (--format jsonl), steps' candidates, cuda_sync events read for the critical
 * path (read_config.sync), and any text json-c would refuse. So
 * results and error messages are json-c's by construction for those, and
 * identical for the others (tests/unit/test_fastev.c compares both paths). */
#ifndef PP_FASTEV_H
#define PP_FASTEV_H

#include <glib.h>
#include "input/extract.h"

/* A literal in the staging string: START and LEN bytes; PRESENT FALSE: none. */
struct fastev_literal {
	gsize start, len;
	gboolean present;
	gboolean replaced; /* invalid UTF-8 was replaced in it */
};

/* An integer member of args as extract.c's integer_arg() reads it. */
struct fastev_integer {
	guint8 kind; /* 0: none; 1: not negative; 2: negative */
	gint64 value;
};

struct fastev {
	gint64 index;
	gint64 ts, dur; /* ns */
	const char *name, *pid, *tid, *cat; /* raw bytes, no escapes */
	gsize name_len, pid_len, tid_len, cat_len;
	guint roles;
	struct fastev_literal args, input_dims, input_type, concrete_inputs;
	gboolean shapes_empty;
	gboolean has_join_id;
	gint64 join_id;
	struct fastev_integer correlation, device;
	const char *kernel; /* args.kernel's raw bytes when a string, else NULL */
	gsize kernel_len;
	gboolean memory; /* a [memory] instant: these five, as keep_memory() reads them */
	gboolean out_of_memory; /* an [OutOfMemory] instant instead (SPEC 24) */
	struct fastev_integer bytes, device_type, device_id, total_allocated, total_reserved;
};

/* The element TEXT (LEN bytes, at INDEX) read for X's extractor: TRUE with
 * EV filled and its literals appended to STAGING; FALSE when it is left to
 * json-c (STAGING as it was). */
gboolean fastev_parse(const struct extractor *x, const char *text, gsize len, gint64 index, GString *staging,
		      struct fastev *ev);
/* What extract_event() does with that event, its literals in STAGING. */
void fastev_commit(struct extractor *x, const struct fastev *ev, const GString *staging);

#endif
