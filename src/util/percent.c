#include "util/percent.h"

gboolean percent_tenths(gint64 part, gint64 whole, gint64 *tenths)
{
	if (whole == 0)
		return FALSE;
	gboolean negative = (part < 0) != (whole < 0) && part != 0;
	unsigned __int128 top = (unsigned __int128)(part < 0 ? -(guint64)part : (guint64)part) * 1000u;
	unsigned __int128 bottom = whole < 0 ? -(guint64)whole : (guint64)whole;
	unsigned __int128 quotient = top / bottom, remainder = top % bottom;
	if (2 * remainder >= bottom) /* half away from zero: the magnitude up */
		quotient++;
	if (quotient > (unsigned __int128)G_MAXINT64)
		return FALSE;
	*tenths = negative ? -(gint64)quotient : (gint64)quotient;
	return TRUE;
}

gint64 tenths_of_percent(gint64 part, gint64 whole)
{
	gint64 tenths;
	return part >= 0 && whole > 0 && percent_tenths(part, whole, &tenths) ? tenths : -1;
}

void percent_append(GString *out, gint64 tenths)
{
	guint64 magnitude = tenths < 0 ? -(guint64)tenths : (guint64)tenths;
	g_string_append_printf(out, "%s%" G_GUINT64_FORMAT ".%u", tenths < 0 ? "-" : "", magnitude / 10,
			       (guint)(magnitude % 10));
}

gboolean percent_append_share(GString *out, gint64 part, gint64 whole)
{
	gint64 tenths = tenths_of_percent(part, whole);
	if (tenths < 0)
		return FALSE;
	percent_append(out, tenths);
	return TRUE;
}
