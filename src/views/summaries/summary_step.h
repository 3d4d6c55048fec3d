/* The step summary (SPEC 11.2): one row per ProfilerStep#N, every launch
 * taken by the time it happens, not by -mc; write_summary calls it. */
#ifndef PP_SUMMARY_STEP_H
#define PP_SUMMARY_STEP_H

#include "views/table/write.h"
#include "attribution/sums.h"

/* CONFIG's selection holds the steps and the --step range. */
const struct catalogue *step_summary_catalogue(void);
gboolean write_step_summary(struct output *out, const struct forest *forest, const struct attribution *attribution,
			    const struct write_config *config, guint64 *rows);

/* One row's figures (ns), as the step summary's columns have them. */
/* Its default columns in --format table and html (the formats for people):
 * the launches with device work instead of every launch event (SPEC 19.5). */
#define STEP_SUMMARY_VIEW_COLUMNS                                                                                  \
	"step,host duration(ms),device total(ms),device busy(ms),compute(ms),communication(ms),memcpy(ms),"         \
	"memset(ms),sync total(ms),cuda launch total(ms),device launch count,device event count,device idle(ms),"   \
	"host wait(ms),other idle(ms),device span(ms)"

struct step_figures {
	const struct event *step;      /* the ProfilerStep#N event: its name, its dur (host duration) */
	char *pid;                     /* its process (owned) */
	gint64 device_total, busy;
	gint64 launch_time;            /* cuda launch total(ms) */
	gint64 classes[CLASS_COUNT];   /* compute(ms) to memset(ms): durations by class */
	gint64 idle, host_wait;        /* device idle(ms), host wait(ms); other idle is idle - host_wait */
	gboolean idle_known;           /* FALSE: the trace has no device event, no idle figure (both 0) */
	gint64 device_span;            /* device span(ms) (SPEC 19.4): the slowest step on the device has the largest */
	gboolean has_span;             /* FALSE: the step has no device event (an empty cell) */
};

/* The rows of the step summary under CONFIG (its selection's steps and
 * --step range), in step order, idle figures included: a GArray of struct
 * step_figures that frees its pids. */
GArray *step_summary_figures(const struct forest *forest, const struct attribution *attribution,
			     const struct write_config *config);

#endif
