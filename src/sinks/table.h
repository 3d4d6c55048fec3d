/* Table: the row model. Every output is a table of typed values: per-node
 * rows (src/views/nodes/columns.c), summaries (src/views/summaries/summary.c), and whatever Part II adds.
 * A table's catalogue lists its columns, each with its header name, its type
 * and a getter that reads its value from a row; a layout is the columns one
 * run writes (the --meta columns first, then those picked from the
 * catalogue); a sink (src/sinks/sink.h) renders a layout's values in one format.
 * Adding a column is one catalogue entry and its getter: no format knows
 * columns, and no column knows formats. */
#ifndef PP_TABLE_H
#define PP_TABLE_H

#include <glib.h>
#include "attribution/attribute.h"
#include "util/percent.h" /* VALUE_PERCENT: tenths_of_percent, percent_append */

enum value_type {
	VALUE_EMPTY,     /* no value: an empty CSV field, a JSON null */
	VALUE_DURATION,  /* nanoseconds, written as milliseconds (SPEC 5.1) */
	VALUE_TIMESTAMP, /* nanoseconds, written as microseconds */
	VALUE_INTEGER,   /* counts, depths, ids */
	VALUE_BYTES,     /* a signed number of bytes */
	VALUE_PERCENT,   /* a share in tenths of a percent, written with one decimal (12.3) */
	VALUE_TEXT,      /* plain text (may hold NUL characters: it has a length) */
	VALUE_LITERAL,   /* a Python literal as the reader kept it, JSON text with --format jsonl */
	VALUE_ENTRIES,   /* a list of launch or device events (struct entries) */
	VALUE_RATIO,     /* thousandths, written with exactly three decimals: 1.250 */
};

/* A and B (of A_LEN and B_LEN bytes, NUL allowed) in byte order, a prefix first. */
int text_compare(const char *a, gsize a_len, const char *b, gsize b_len);
/* The LEN bytes of TEXT, NUL bytes included, and a NUL after them: a key
 * that keeps its length (g_strndup stops at a NUL). */
char *text_dup(const char *text, gsize len);

/* A ratio in thousandths as text: "1.250", "-0.005". */
void ratio_append(GString *out, gint64 thousandths);

/* What each entry of a list column shows of its event. */
enum entry_field {
	ENTRY_DURATION,
	ENTRY_TIMESTAMP,
	ENTRY_ARGS,
};

/* The inclusive launches of a node, or the device events of those launches. */
struct entries {
	const struct attribution *attribution;
	const GArray *launches; /* guint: indices into attribution->launches */
	gboolean device;        /* the device events of the launches, launch by launch */
	enum entry_field field;
};

/* Walks a list: entries_next returns each event in turn, then NULL. */
struct entry_iter {
	const struct entries *entries;
	guint launch; /* the next launch, an index into entries->launches */
	guint device, device_end; /* the device events of the launch at hand */
};

void entries_begin(struct entry_iter *iter, const struct entries *entries);
const struct event *entries_next(struct entry_iter *iter);

struct value {
	enum value_type type;
	union {
		gint64 number; /* durations, timestamps, integers, bytes */
		struct {
			const char *text;
			gsize len;
		} text;                 /* text and literals */
		struct entries entries; /* lists */
	};
	/* An empty value that stands for a whole number past 63 bits (a flops
	 * or bytes figure no cell can hold): its high and low 64 bits, 0 and 0
	 * on every other value. Every format writes it empty but JSON Lines,
	 * whose numbers have no size limit: its digits. */
	guint64 past_high, past_low;
};

/* Setters for getters: a NULL text is an empty value. */
void value_number(struct value *value, enum value_type type, gint64 number);
void value_text(struct value *value, const char *text, gsize len);
void value_string(struct value *value, const char *text); /* NUL-terminated, or NULL */
void value_literal(struct value *value, const char *text); /* NUL-terminated, or NULL */
/* An empty value that JSON Lines writes as the number HIGH·2^64 + LOW (past 2^63 - 1). */
void value_past_63(struct value *value, guint64 high, guint64 low);
/* Appends the digits of HIGH·2^64 + LOW. */
void past_63_append(GString *out, guint64 high, guint64 low);
/* A trace's RANK (or NULL) as a number: its value when it is a whole number, else OTHERWISE. */
gint64 rank_number(const char *rank, gint64 otherwise);
/* A trace's RANK (or NULL): an integer when it is a whole number, else text. */
void value_rank(struct value *value, const char *rank);
/* TOTAL (>= 0) / COUNT (> 0) to the nearest unit, half up, without
 * overflow (the means of the summaries: ns per call). */
gint64 mean_half_up(gint64 total, gint64 count);

/* Flags of a column: COLUMN_DEFAULT marks the default columns (and
 * COLUMN_ESSENTIAL, COLUMN_SHORT_NAMES what a table for people does); a table
 * defines its own flags from COLUMN_TABLE_FLAGS on (what a row must work
 * out for the column, columns appended by default in some runs). */
enum {
	COLUMN_DEFAULT = 1 << 0,
	COLUMN_ESSENTIAL = 1 << 1,   /* SPEC 23: what the view exists for, kept first when a table must leave columns out */
	COLUMN_SHORT_NAMES = 1 << 2, /* SPEC 23: device events' names, shown short where there is no room */
	/* SPEC 28, what a table for people does: */
	COLUMN_SECONDARY = 1 << 3, /* left out first (timestamps in us: the (ms) columns from the start say it) */
	COLUMN_UNDER = 1 << 4,     /* a long text (evidence, advice) wrapped under its row, not a column */
	COLUMN_PATH_END = 1 << 5,  /* a path ("a$$b$$c") cut keeping its innermost frames ("…$$b$$c") */
	COLUMN_DISTINCT = 1 << 6,  /* a literal whose cells stay apart when cut (shortened as names are) */
	COLUMN_TABLE_FLAGS = 1 << 8,
};

struct column {
	const char *name; /* the header's spelling; matched without regard to case */
	enum value_type type;
	guint flags;
	void (*get)(const void *row, struct value *value);
};

struct catalogue {
	const struct column *columns;
	guint count;
};

/* A leading column that holds the same text on every row (--meta). */
struct meta_column {
	const char *name;
	const char *value;
};

/* The columns a table is written with: META first, then PICKED. */
struct layout {
	const struct meta_column *meta;
	guint meta_count;
	const GPtrArray *picked; /* const struct column * */
};

/* Appends to PICKED (const struct column *) the columns of LIST: names
 * separated by commas, matched without regard to case; a LIST starting with
 * '+' means the default columns followed by the listed ones (a default
 * column listed again is not repeated). NULL is the
 * default: the columns with any of the DEFAULTS flags, in catalogue order.
 * An unknown name is an error that lists the catalogue. */
gboolean catalogue_pick(const struct catalogue *catalogue, const char *list, guint defaults, GPtrArray *picked,
			GError **error);
/* The names of the columns with any of FLAGS (all of them for 0), joined by ", ". */
char *catalogue_names(const struct catalogue *catalogue, guint flags);
/* The flags of PICKED, or'ed together (0 for NULL: a --sort not given). */
guint columns_flags(const GPtrArray *picked);

guint layout_width(const struct layout *layout);
const char *layout_name(const struct layout *layout, guint i);
/* VALUES[layout_width()] of ROW: the meta texts, then the getters' values
 * (each cleared first: no value stands for a number past 63 bits unless its
 * getter says so). */
void layout_values(const struct layout *layout, const void *row, struct value *values);

#endif
