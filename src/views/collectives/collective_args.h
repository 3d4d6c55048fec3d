/* Collective args: the members of an event's args that SPEC 15.2 reads
 * (Collective name, Process Group Name or else Process Group ID, Group
 * size, dtype, In msg nelems, Out msg nelems), read out of the args as the
 * reader kept them: a Python literal, or JSON text with --format jsonl.
 *
 * One pass over the dict's top level finds each member's value by bracket
 * and quote counting (a string's escapes skipped: src/util/literal_members.h); only the values wanted
 * are then parsed, by src/views/perf/perf_shapes.h's reader of literals, which
 * decodes strings of either syntax. So nothing is kept for it while the
 * trace is read: the summary reads the args of the communication events
 * (and of their record_param_comms ops) when it is asked for.
 *
 * A value is a whole number (a JSON integer, or a string holding one, in
 * 64 bits), a string, or something else (a float, a list, a number past 64
 * bits, null), kept as its text. The process group is text (an integer ID
 * becomes its digits); the group size and the two sizes are numbers when
 * they are whole numbers. Process Group Ranks, when the args hold it, is
 * kept apart as canonical text (collective_group_ranks: a list of whole
 * numbers, or a string holding one, as "[0, 1]"; else its text), so
 * that ranks [0, 1] and [2, 3] of one group name are two process groups
 * (SPEC 20.1) whichever syntax wrote them. */
#ifndef PP_COLLECTIVE_ARGS_H
#define PP_COLLECTIVE_ARGS_H

#include <glib.h>

enum collective_field {
	FIELD_NAME,  /* Collective name */
	FIELD_GROUP, /* Process Group Name, else Process Group ID */
	FIELD_SIZE,  /* Group size */
	FIELD_DTYPE, /* dtype */
	FIELD_IN,    /* In msg nelems */
	FIELD_OUT,   /* Out msg nelems */
	FIELD_COUNT,
};

enum cell_kind { CELL_ABSENT, CELL_INT, CELL_STRING, CELL_OTHER };

struct cell {
	enum cell_kind kind;
	gint64 number; /* CELL_INT */
	char *text;    /* CELL_STRING: its characters (UTF-8, NUL-free as pylit keeps them); CELL_OTHER: as written */
};

struct collective_args {
	struct cell cells[FIELD_COUNT];
	char *group_ranks; /* Process Group Ranks, canonical (collective_group_ranks), or NULL */
};

/* Reads the args LITERAL (NULL: none) into ARGS: TRUE when it is a dict
 * with a Collective name member; else FALSE, ARGS all absent. Clear ARGS
 * after it either way. */
gboolean collective_args_read(const char *literal, struct collective_args *args);
void collective_args_clear(struct collective_args *args);
/* A copy of FROM's cells into TO (cleared before). */
void collective_args_copy(struct collective_args *to, const struct collective_args *from);

/* What says which events of the ranks are one collective (SPEC 20.1): a
 * "Comms Id", else a "Seq" with a process group (Process Group Name, else
 * Process Group ID, with Process Group Ranks when given). An id is an
 * unsigned integer, 0 to 2^64 - 1, written as one (a JSON or Python
 * integer) or as a string of its digits (SPEC 24), kept as its digits:
 * null, "", another string, a float, a negative or a larger number is no
 * id, and neither is a Comms Id of 0 (the value of an id never set: twenty
 * collectives of a rank with Comms Id 0 are twenty, numbered); the event
 * then falls back to Seq, then to the numbering. A process group is a
 * non-empty text or an integer. */
struct collective_ids {
	char *comms_id;    /* or NULL */
	char *seq, *group; /* both, or NULL (a Comms Id, or neither) */
	char *group_ranks; /* with SEQ: Process Group Ranks (canonical), or NULL */
	gboolean zero;     /* a Comms Id of 0 (as a number or its digits): no id, counted for a warning */
};

/* Reads the ids of the args LITERAL (NULL: none) into IDS: TRUE when it has
 * either; clear IDS after it either way. */
gboolean collective_ids_read(const char *literal, struct collective_ids *ids);
void collective_ids_clear(struct collective_ids *ids);
/* The canonical text of a Process Group Ranks value CELL (NULL when absent):
 * a list of whole numbers, or a string holding one, as "[0, 1]"; anything
 * else its text as read. */
char *collective_group_ranks(const struct cell *cell);

#endif
