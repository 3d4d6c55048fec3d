#include "attribution/bins.h"

void bins_init(struct bins *b, gint64 start, gint64 end, guint wanted)
{
	*b = (struct bins){ 0 };
	if (end <= start || wanted == 0)
		return;
	gint64 length = end - start;
	b->count = length < (gint64)wanted ? (guint)length : wanted;
	b->bounds = g_new(gint64, b->count + 1);
	gint64 q = length / b->count, r = length % b->count;
	for (guint k = 0; k <= b->count; k++)
		b->bounds[k] = start + (gint64)k * q + (gint64)k * r / b->count;
}

void bins_clear(struct bins *b)
{
	g_free(b->bounds);
	*b = (struct bins){ 0 };
}

void bins_add(const struct bins *b, const struct idle_interval *list, guint count, gint64 *out)
{
	guint k = 0; /* the first bin the intervals still to come may touch */
	for (guint i = 0; i < count && k < b->count; i++) {
		gint64 from = list[i].start, to = list[i].end;
		while (k < b->count && b->bounds[k + 1] <= from)
			k++;
		for (guint j = k; j < b->count && b->bounds[j] < to; j++) {
			gint64 low = MAX(from, b->bounds[j]), high = MIN(to, b->bounds[j + 1]);
			if (high > low)
				out[j] += high - low;
			k = j; /* the next interval starts at or after TO: in this bin at the earliest */
		}
	}
}
