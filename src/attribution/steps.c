#include "attribution/steps.h"
#include <string.h>
#include "model/build.h"
#include "input/roles.h"

static int compare_by_pid(const void *x, const void *y, void *data)
{
	const struct event *a = x, *b = y;
	const guint *thread_pid = data;
	guint pa = thread_pid[a->thread], pb = thread_pid[b->thread];
	if (pa != pb)
		return pa < pb ? -1 : 1;
	return event_compare(a, b);
}

/* Step order: number, then sort order, then pid. */
static int compare_order(const void *x, const void *y, void *data)
{
	const struct steps *s = data;
	guint a = *(const guint *)x, b = *(const guint *)y;
	if (s->number[a] != s->number[b])
		return s->number[a] < s->number[b] ? -1 : 1;
	int order = event_compare(&s->events[a], &s->events[b]);
	return order ? order : (a > b) - (a < b);
}

struct steps *steps_new(struct trace *trace)
{
	struct steps *s = g_new0(struct steps, 1);
	s->threads = threads_count(trace->threads);
	s->thread_pid = g_new(guint, s->threads ? s->threads : 1);
	for (guint t = 0; t < s->threads; t++)
		s->thread_pid[t] = G_MAXUINT;
	/* pids with steps, numbered in order of their first step in the file */
	g_autoptr(GHashTable) pids = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	char number[THREADS_NUMBER_MAX];
	for (guint i = 0; i < trace->steps->len; i++) {
		const char *pid = threads_pid(trace->threads, g_array_index(trace->steps, struct event, i).thread, number);
		if (!g_hash_table_contains(pids, pid))
			g_hash_table_insert(pids, g_strdup(pid), GUINT_TO_POINTER(g_hash_table_size(pids)));
	}
	guint pid_count = g_hash_table_size(pids);
	for (guint t = 0; t < s->threads; t++) {
		gpointer index;
		if (g_hash_table_lookup_extended(pids, threads_pid(trace->threads, t, number), NULL, &index))
			s->thread_pid[t] = GPOINTER_TO_UINT(index);
	}
	s->events = (struct event *)trace->steps->data;
	s->count = trace->steps->len;
	g_qsort_with_data(s->events, (gint)s->count, sizeof(struct event), compare_by_pid, s->thread_pid);
	s->number = g_new(guint64, s->count + 1);
	s->reach = g_new(gint64, s->count + 1);
	s->pid_first = g_new0(guint, pid_count + 1);
	for (guint i = 0; i < s->count; i++) {
		const struct event *e = &s->events[i];
		step_number(e->name->text, e->name->len, &s->number[i]);
		guint pid = s->thread_pid[e->thread];
		gboolean first = i == 0 || s->thread_pid[s->events[i - 1].thread] != pid;
		s->reach[i] = first ? event_end(e) : MAX(s->reach[i - 1], event_end(e));
		s->pid_first[pid + 1] = i + 1;
	}
	s->order = g_new(guint, s->count + 1);
	for (guint i = 0; i < s->count; i++)
		s->order[i] = i;
	g_qsort_with_data(s->order, (gint)s->count, sizeof(guint), compare_order, s);
	return s;
}

void steps_free(struct steps *s)
{
	if (!s)
		return;
	g_free(s->number);
	g_free(s->reach);
	g_free(s->pid_first);
	g_free(s->thread_pid);
	g_free(s->order);
	g_free(s);
}

guint steps_find(const struct steps *s, guint32 thread, gint64 ts)
{
	if (thread >= s->threads || s->thread_pid[thread] == G_MAXUINT)
		return NO_STEP;
	guint pid = s->thread_pid[thread];
	guint low = s->pid_first[pid], high = s->pid_first[pid + 1];
	while (low < high) { /* the first whose reach is ts or later */
		guint mid = low + (high - low) / 2;
		if (s->reach[mid] < ts)
			low = mid + 1;
		else
			high = mid;
	}
	if (low == s->pid_first[pid + 1] || s->events[low].ts > ts)
		return NO_STEP;
	return low;
}

gboolean steps_kept(const struct steps *s, const struct step_range *range, guint step)
{
	if (!range->given)
		return TRUE;
	return step != NO_STEP && step_range_holds(range, s->number[step]);
}

guint steps_in_range(const struct steps *s, const struct step_range *range)
{
	guint n = 0;
	for (guint i = 0; i < s->count; i++)
		n += step_range_holds(range, s->number[i]);
	return n;
}
