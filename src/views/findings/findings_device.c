#include "views/findings/findings_device.h"
#include <string.h>
#include "attribution/idle.h"
#include "sinks/table.h"
#include "util/timefmt.h"
#include "views/findings/findings_link.h"

static void run_add(struct run *r, gint64 s, gint64 e)
{
	if (r->open && s <= r->end) {
		r->end = MAX(r->end, e);
		return;
	}
	if (r->open)
		r->total += r->end - r->start;
	*r = (struct run){ s, e, r->total, TRUE };
}

static gint64 run_total(const struct run *r)
{
	return r->total + (r->open ? r->end - r->start : 0);
}


static int by_number(gconstpointer x, gconstpointer y);

GArray *findings_device_sweep(const struct findings_input *in)
{
	const struct attribution *a = in->attribution;
	guint count = in->trace->device->len;
	GArray *devices = g_array_new(FALSE, TRUE, sizeof(struct device_figures));
	g_autofree guint32 *slot = g_new0(guint32, 65536); /* device number -> index + 1 */
	struct classifier classifier;
	classifier_init(&classifier, in->communication);
	for (guint i = 0; i < count; i++) {
		const struct event *e = &a->by_time[i];
		if (!e->has_device)
			continue;
		gint64 s = MAX(e->ts, in->first), t = MIN(event_end(e), in->last);
		if (t <= s)
			continue;
		if (!slot[e->device]) {
			struct device_figures d = { .device = e->device };
			if (in->keep_exposed) {
				d.compute_list = g_array_new(FALSE, FALSE, sizeof(struct idle_interval));
				d.communication_list = g_array_new(FALSE, FALSE, sizeof(struct idle_interval));
			}
			g_array_append_val(devices, d);
			slot[e->device] = devices->len;
		}
		struct device_figures *d = &g_array_index(devices, struct device_figures, slot[e->device] - 1);
		enum device_class class = classifier_class(&classifier, e);
		if (class == CLASS_MEMCPY && memmem(e->name->text, e->name->len, "Pageable", 8)) {
			run_add(&d->pageable, s, t);
			d->pageable_count++;
		} else if (class == CLASS_COMPUTE) {
			run_add(&d->compute, s, t);
			run_add(&d->either, s, t);
			if (d->compute_list)
				intervals_extend(d->compute_list, s, t);
		} else if (class == CLASS_COMMUNICATION) {
			run_add(&d->communication, s, t);
			run_add(&d->either, s, t);
			if (d->communication_list)
				intervals_extend(d->communication_list, s, t);
		}
	}
	classifier_clear(&classifier);
	g_array_sort(devices, by_number);
	return devices;
}

GArray *findings_device_exposed(GArray *devices)
{
	GArray *out = g_array_new(FALSE, FALSE, sizeof(struct findings_interval));
	for (guint i = 0; i < devices->len; i++) {
		struct device_figures *d = &g_array_index(devices, struct device_figures, i);
		if (!d->communication_list)
			continue;
		const struct idle_interval *c = (const struct idle_interval *)d->communication_list->data,
					   *k = (const struct idle_interval *)d->compute_list->data;
		guint kn = d->compute_list->len, j = 0;
		for (guint m = 0; m < d->communication_list->len; m++) { /* [s, e) less the compute runs, in one walk */
			gint64 s = c[m].start, e = c[m].end;
			while (j < kn && k[j].end <= s)
				j++;
			for (guint q = j; q < kn && k[q].start < e && s < e; q++) {
				if (k[q].start > s) {
					struct findings_interval part = { (gint)d->device, s, k[q].start };
					g_array_append_val(out, part);
				}
				s = MAX(s, k[q].end);
			}
			if (s < e) {
				struct findings_interval part = { (gint)d->device, s, e };
				g_array_append_val(out, part);
			}
		}
		g_clear_pointer(&d->compute_list, g_array_unref);
		g_clear_pointer(&d->communication_list, g_array_unref);
	}
	return out;
}

static int by_number(gconstpointer x, gconstpointer y)
{
	const struct device_figures *a = x, *b = y;
	return (a->device > b->device) - (a->device < b->device);
}

/* "X ms (P% of the analysed span)" */
static void append_share(GString *text, gint64 ns, gint64 span)
{
	time_append_ms(text, ns);
	g_string_append(text, " ms (");
	percent_append(text, tenths_of_percent(ns, span));
	g_string_append(text, "% of the analysed span)");
}

void findings_pageable_copy(const struct finding_rule *rule, const struct findings_input *in, GPtrArray *out)
{
	if (in->last <= in->first)
		return;
	const GArray *devices = in->devices;
	for (guint i = 0; i < devices->len; i++) {
		const struct device_figures *d = &g_array_index(devices, struct device_figures, i);
		if (!d->pageable_count)
			continue;
		GString *text = g_string_new(NULL);
		g_string_append_printf(text, "%u cop%s with pageable host memory (Pageable in %s name%s) took ",
				       d->pageable_count, d->pageable_count == 1 ? "y" : "ies",
				       d->pageable_count == 1 ? "its" : "their", d->pageable_count == 1 ? "" : "s");
		gint64 pageable = run_total(&d->pageable); /* overlapping copies (two streams) once */
		append_share(text, pageable, in->last - in->first);
		finding_add(rule, in, out, pageable, (gint)d->device, g_string_free(text, FALSE));
	}
}

void findings_exposed_communication(const struct finding_rule *rule, const struct findings_input *in,
				    GPtrArray *out)
{
	if (in->last <= in->first)
		return;
	const GArray *devices = in->devices;
	guint fired = out->len;
	for (guint i = 0; i < devices->len; i++) {
		const struct device_figures *d = &g_array_index(devices, struct device_figures, i);
		gint64 comm = run_total(&d->communication);
		if (!comm)
			continue;
		gint64 exposed = run_total(&d->either) - run_total(&d->compute);
		GString *text = g_string_new(NULL);
		g_string_append_printf(text, "communication busy ");
		time_append_ms(text, comm);
		g_string_append(text, " ms, of which ");
		append_share(text, exposed, in->last - in->first);
		g_string_append(text, " overlapped by no compute");
		finding_add(rule, in, out, exposed, (gint)d->device, g_string_free(text, FALSE));
	}
	if (!in->keep_exposed && out->len > fired) /* a trace analysed alone: its collectives against the link (SPEC 26.5) */
		findings_link_exposed(in, out, fired);
}
