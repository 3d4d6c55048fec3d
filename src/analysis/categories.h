/* Categories: the -mc, -hc and -dc lists in effect for one trace.
 *
 * CSV and JSON Lines, the formats programs read, take the lists as given,
 * else the reference tool's defaults (python_function; cuda_runtime,
 * cuda_driver; kernel, gpu_memcpy, gpu_memset), so that they stay a drop-in
 * replacement. The formats meant for people (sink_class.for_people: table,
 * svg) choose each list not given by what the trace holds (SPEC 16):
 * - -mc: python_function (the module view) when the trace has nn.Module
 *   events, else cpu_op,user_annotation (most traces are recorded without
 *   with_modules, and the module view of them is empty);
 * - -hc and -dc: the defaults when some event is of them, else MTIA's
 *   mtia_runtime and mtia_ccp_events when the trace has those.
 * The trace is a stream: whether it has nn.Module events is known only at
 * its end. So the reader keeps the events of every candidate (the union of
 * the lists), and categories_choose() then picks a list and drops the kept
 * events of the candidates not picked, before the forest is built. Only
 * the formats for people pay for the events kept in vain; CSV and JSON
 * Lines read exactly their lists.
 *
 * Comparisons (--diff, --across-ranks) keep the lists as given or the
 * defaults, so that every trace is keyed alike; and a view that does not
 * read -mc (--summary step) does not choose it. --summary critical
 * monitors cpu_op and user_annotation, whatever -mc says (SPEC 30). */
#ifndef PP_CATEGORIES_H
#define PP_CATEGORIES_H

#include "views/table/settings.h"
#include "model/trace.h"

struct categories {
	char **monitor; /* in effect (after categories_choose); owned */
	char **host;
	char **device;
	gboolean monitor_given, host_given, device_given; /* on the command line */
	gboolean monitor_chosen, host_chosen, device_chosen; /* the trace's to choose (see above) */
	char *note; /* the report's lines saying what was chosen and why; NULL when nothing was */
	/* The findings (SPEC 22) read cpu_op, user_annotation and python_function
	 * whatever -mc says: --summary findings monitors those; another view whose
	 * run works the findings out (the page, --fail-on) reads them too (FINDINGS),
	 * and categories_take_findings sets them apart. */
	char **read;       /* what the reader reads: MONITOR, and the findings' with FINDINGS */
	gboolean findings;
};

/* C's lists for reading a trace under OPTIONS: the lists given, the
 * defaults, or, where the trace will choose, every candidate. COMPARE: the
 * trace is one of a comparison's. */
void categories_init(struct categories *c, const struct options *options, gboolean compare);
/* Picks the lists that are the trace's to choose, and removes from TRACE's
 * monitored, launch and device events those of the candidates not picked. */
void categories_choose(struct categories *c, struct trace *trace, const struct options *options);
/* With C->findings, a copy of TRACE's monitored events of the findings'
 * categories, TRACE keeping those of C->monitor only (call it before
 * categories_choose); else NULL. */
GArray *categories_take_findings(struct categories *c, struct trace *trace);
void categories_clear(struct categories *c);

typedef struct categories Categories;
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(Categories, categories_clear)

#endif
