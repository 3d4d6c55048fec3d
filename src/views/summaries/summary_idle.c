#include "views/summaries/summary_idle.h"
#include "attribution/idle_classes.h"

struct class_row {
	const struct idle_classes_device *device;
	guint c;
};

#define ROW(r) ((const struct class_row *)(r))
#define CLASS(r) (&ROW(r)->device->classes[ROW(r)->c])

static void device(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, ROW(r)->device->device);
}

static void gap_length(const void *r, struct value *v)
{
	value_string(v, idle_class_label(ROW(r)->c));
}

static void gaps(const void *r, struct value *v)
{
	value_number(v, VALUE_INTEGER, (gint64)CLASS(r)->gaps);
}

static void idle(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, CLASS(r)->idle);
}

static void host_wait(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, CLASS(r)->host_wait);
}

static void other_idle(const void *r, struct value *v)
{
	value_number(v, VALUE_DURATION, CLASS(r)->idle - CLASS(r)->host_wait);
}

/* Idle over the span in tenths of a percent, half away from zero. */
static void share(const void *r, struct value *v)
{
	gint64 tenths = tenths_of_percent(CLASS(r)->idle, ROW(r)->device->span);
	if (tenths >= 0)
		value_number(v, VALUE_PERCENT, tenths);
	else
		v->type = VALUE_EMPTY;
}

static const struct column columns[] = {
	{ "device", VALUE_INTEGER, COLUMN_DEFAULT, device },
	{ "gap length", VALUE_TEXT, COLUMN_DEFAULT, gap_length },
	{ "gaps", VALUE_INTEGER, COLUMN_DEFAULT, gaps },
	{ "idle(ms)", VALUE_DURATION, COLUMN_DEFAULT, idle },
	{ "host wait(ms)", VALUE_DURATION, COLUMN_DEFAULT, host_wait },
	{ "other idle(ms)", VALUE_DURATION, COLUMN_DEFAULT, other_idle },
	{ "share of span", VALUE_PERCENT, COLUMN_DEFAULT, share },
};

static const struct catalogue catalogue = { columns, G_N_ELEMENTS(columns) };

const struct catalogue *idle_summary_catalogue(void)
{
	return &catalogue;
}

gboolean write_idle_summary(struct output *out, const struct attribution *a, const struct write_config *config,
			    guint64 *rows)
{
	const struct selection *selection = config->selection;
	g_autoptr(IdleClasses) classes = idle_classes_compute(a, selection->steps, &selection->step);
	g_autofree struct class_row *cells = g_new(struct class_row, (gsize)classes->count * IDLE_CLASSES + 1);
	g_autoptr(GPtrArray) written = g_ptr_array_new();
	guint n = 0;
	for (guint d = 0; d < classes->count; d++)
		for (guint c = 0; c < IDLE_CLASSES; c++)
			if (classes->devices[d].classes[c].gaps) {
				cells[n] = (struct class_row){ &classes->devices[d], c };
				g_ptr_array_add(written, &cells[n++]);
			}
	gboolean ok = write_rows(out, config, written);
	*rows = write_rows_count(config, written->len);
	return ok;
}
