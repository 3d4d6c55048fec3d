#include "attribution/critical_make.h"
#include <stdlib.h>
#include "attribution/critical_device.h"
#include "attribution/critical_host.h"

static int compare_steps(const void *x, const void *y)
{
	const struct critical_step *a = x, *b = y;
	if (a->number != b->number)
		return a->number < b->number ? -1 : 1;
	return (a->start > b->start) - (a->start < b->start);
}

/* Each step's end: the end of its last device event, else of its own event on a launching thread; without steps, the analysed span. */
static void make_steps(struct critical_build *b)
{
	const struct steps *steps = b->steps;
	const struct attribution *a = b->a;
	if (!steps || !steps->count) { /* the analysed span: the first launch or device event to the last device end */
		gint64 first = G_MAXINT64;
		guint32 last = CRITICAL_NONE;
		for (guint l = 0; l < a->launch_count; l++)
			if (!a->virtual_launch || !a->virtual_launch[l])
				first = MIN(first, a->launches[l].ts);
		for (guint32 i = 0; i < b->trace->device->len; i++) {
			first = MIN(first, a->by_time[i].ts);
			if (last == CRITICAL_NONE ||
			    critical_node_time(b, b->device_start[i] + 1) > critical_node_time(b, b->device_start[last] + 1))
				last = i;
		}
		if (last != CRITICAL_NONE) {
			struct critical_step whole = { .start = first, .end = b->device_start[last] + 1, .whole = TRUE };
			g_array_append_val(b->graph->steps, whole);
		}
		return;
	}
	g_autofree guint32 *last = g_new(guint32, steps->count);
	for (guint s = 0; s < steps->count; s++)
		last[s] = CRITICAL_NONE;
	for (guint32 i = 0; i < b->trace->device->len; i++) {
		guint l = a->by_time_launch[i];
		guint s = l == NO_LAUNCH ? NO_STEP : steps_find(steps, a->launches[l].thread, a->launches[l].ts);
		if (s != NO_STEP && (last[s] == CRITICAL_NONE ||
				     critical_node_time(b, b->device_start[i] + 1) >
					     critical_node_time(b, b->device_start[last[s]] + 1)))
			last[s] = i;
	}
	for (guint s = 0; s < steps->count; s++) {
		struct critical_step step = { .number = steps->number[s], .start = steps->events[s].ts };
		if (last[s] != CRITICAL_NONE) {
			step.end = b->device_start[last[s]] + 1;
		} else {
			step.host_only = TRUE;
			step.end = GPOINTER_TO_UINT(g_hash_table_lookup(b->step_end,
									 GUINT_TO_POINTER(steps->events[s].index + 1))) - 1;
		}
		g_array_append_val(b->graph->steps, step);
	}
	g_array_sort(b->graph->steps, compare_steps);
}

struct critical_graph *critical_make_graph(const struct trace *trace, const struct forest *forest,
					   const struct attribution *attribution, const struct steps *steps,
					   const struct critical_config *config)
{
	struct critical_build b;
	critical_build_init(&b, trace, forest, attribution, steps, config);
	critical_host_build(&b);
	critical_device_build(&b);
	make_steps(&b);
	return critical_build_finish(&b);
}
