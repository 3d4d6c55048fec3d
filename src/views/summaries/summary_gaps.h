/* The gaps summary (SPEC 26.3): one row per gap of at least --min-gap
 * (src/attribution/gaps.h: 15.3's gaps and the stretches at either end of
 * a device's span), per device in start order: device, start(ms) (from
 * the analysed span's start, SPEC 22, in thousandths of a ms half away
 * from zero: may be negative), length(ms), host wait(ms), other idle(ms),
 * cause (the cause with the most host wait in it, ties in 26.1's order;
 * empty without host wait), host op (the innermost host event with the most
 * host wait in it, ties in byte order, or outside; empty without host wait:
 * src/attribution/causes.h), ender (the short name, SPEC 23, of the device
 * event that ended it; empty for the stretch at the span's start), ender
 * thread (pid/tid of that event's launch; empty without one) and step (the
 * ProfilerStep#N of the launching thread's process holding the gap's
 * start, 11.2; the thread of the nearest launch when the ender has none).
 *
 * The gaps come sorted from the sweep; the host wait of the rows written is
 * cut by cause once (causes_each, the pieces summed as they come, none
 * kept) and each row's cells are worked out
 * before writing, so that the getters are pure (write.h: many rows are
 * formatted by the processors). O(E + rows + pieces) after the causes'
 * segments; --sort and --top apply as to any table. */
#ifndef PP_SUMMARY_GAPS_H
#define PP_SUMMARY_GAPS_H

#include "views/table/write.h"

#define SUMMARY_MIN_GAP_DEFAULT 100000 /* ns: --min-gap 100 */

/* A row: its cells' figures, and the gap's start in the trace's time. */
struct gap_row {
	guint device;
	gint64 start;      /* thousandths of a ms from the analysed span's start */
	gint64 length, host_wait;
	const char *cause; /* NULL: no host wait */
	const struct name *op; /* the host op, when OUTSIDE is FALSE */
	gboolean outside;
	const char *ender, *ender_thread; /* NULL: empty */
	const struct name *step;          /* NULL: in no step */
	gint64 ts;         /* ns: the gap is [ts, ts + length) */
};

/* The rows the summary writes, in its order before --sort (the annotated
 * trace's gaps track and findings read them too, SPEC 29). */
struct gap_rows {
	struct gap_row *rows;
	guint count;
	GStringChunk *text; /* the rows' texts */
};

const struct catalogue *gaps_summary_catalogue(void);
/* The rows of ATTRIBUTION's gaps (threads: FOREST's) with CONFIG's causes,
 * steps and --min-gap. */
struct gap_rows *gap_rows_make(const struct forest *forest, const struct attribution *attribution,
			      const struct write_config *config);
void gap_rows_free(struct gap_rows *rows);
/* Writes the gaps of ATTRIBUTION (threads: FOREST's) with CONFIG's causes,
 * steps and --min-gap; *ROWS is how many. */
gboolean write_gaps_summary(struct output *out, const struct forest *forest, const struct attribution *attribution,
			    const struct write_config *config, guint64 *rows);

typedef struct gap_rows GapRows;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(GapRows, gap_rows_free)

#endif
