/* Worker: a thread's reading of a batch of elements (src/input/batch.h
 * makes them and merges what workers made). Each element
 * is skimmed (src/input/skim.h); one that may matter is read without json-c
 * when it can be (src/input/fastev.h), else copied into a group "[e1,e2,...]"
 * that json-c parses 64 elements to a call (json-c sets up a C locale on
 * each call, under a lock that workers calling once per element would queue
 * on). An event read without json-c while the group holds elements waits
 * for them, so that events are kept in document order; an element of half a
 * megabyte or more is parsed where it lies. The first element that is not
 * JSON ends the batch, with the error json-c (or the skimmer) gives. */
#ifndef PP_WORKER_H
#define PP_WORKER_H

#include "input/read_config.h"
#include "input/extract.h"
#include "input/fastev.h"

#define BATCH_BYTES (512 << 10) /* a batch is full once it holds this many */

/* An element of the event array: its bytes in the batch, and where it was. */
struct element {
	gsize start;
	gsize len;
	gint64 offset; /* in the document */
	gint64 index;  /* in the event array */
};

struct batch {
	GString *bytes;   /* the elements, one after the other */
	GArray *elements; /* struct element */
	struct extracted *out; /* what a worker made of them */
	GByteArray *pairing;   /* the records of out->begin_end's events (src/input/pair.h) */
	GError *error;         /* the first element that is not JSON */
};

/* BATCH and what it holds. */
void batch_free(struct batch *batch);

/* An element copied into a worker's group, at START of the group's bytes. */
struct group_entry {
	gsize start;
	const struct element *element;
};

/* An event read without json-c (src/input/fastev.h), waiting for the group's
 * elements before it: BEFORE of them. */
struct fast_entry {
	guint before;
	struct fastev event;
};

struct worker {
	struct extractor extractor;
	gboolean execution_trace; /* elements are ET nodes, all of them needed */
	json_tokener *tokener;
	GString *group;   /* "[" the elements that may matter, "," "]" */
	GArray *entries;  /* struct group_entry */
	GArray *fast;     /* struct fast_entry: events read while the group is not empty */
	GString *staging; /* their literals */
};

/* The extractor of the reader's options, with NAMES and TEXT (the caller's). */
void extractor_setup(struct extractor *x, GHashTable *roles, const struct read_config *config, struct names *names,
		     GStringChunk *text);
void extractor_teardown(struct extractor *x);

/* A worker with names and text of its own, reading as CONFIG says with ROLES (the caller's). */
struct worker *worker_new(GHashTable *roles, const struct read_config *config);
void worker_free(gpointer worker);
/* Its extractor: its names, text and extras, which the trace takes over. */
struct extractor *worker_extractor(struct worker *w);
/* Reads B's elements into B->out (made when missing); B->error on the first that is not JSON. */
void worker_parse(struct worker *w, struct batch *b);

#endif
