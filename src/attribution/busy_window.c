#include "attribution/busy_window.h"

gboolean busy_window(const struct idle_interval *busy, guint count, guint percent, gint64 *from, gint64 *to)
{
	gint64 total = 0;
	for (guint i = 0; i < count; i++)
		total += busy[i].end - busy[i].start;
	if (total <= 0)
		return FALSE;
	/* the least busy time a window needs: the least m with 100 m >= percent · total */
	gint64 need = (gint64)(((__int128)percent * total + 99) / 100);
	gint64 before_i = 0, before_j = 0; /* busy time of the intervals before i, before j */
	gint64 best = G_MAXINT64;
	guint j = 0;
	for (guint i = 0; i < count; i++) {
		if (total - before_i < need)
			break; /* not enough left from here */
		if (j < i)
			j = i, before_j = before_i;
		while (before_j + (busy[j].end - busy[j].start) - before_i < need) /* interval j does not reach it */
			before_j += busy[j].end - busy[j].start, j++;
		gint64 end = busy[j].start + (need - (before_j - before_i));
		if (end - busy[i].start < best) { /* ties: the earlier stays */
			best = end - busy[i].start;
			*from = busy[i].start;
			*to = end;
		}
		before_i += busy[i].end - busy[i].start;
	}
	return TRUE;
}
