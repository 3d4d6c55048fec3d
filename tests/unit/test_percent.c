/* src/util/percent.c: the one rounding of every percentage (SPEC 28), on
 * halves worked out by hand: one decimal, half away from zero, from the
 * exact quotient, either sign. */
#include "unit.h"
#include "util/percent.h"

static gint64 tenths(gint64 part, gint64 whole)
{
	gint64 t = G_MININT64;
	CU_ASSERT_TRUE_FATAL(percent_tenths(part, whole, &t));
	return t;
}

static char *shown(gint64 t)
{
	GString *out = g_string_new(NULL);
	percent_append(out, t);
	return g_string_free(out, FALSE);
}

static void test_exact(void)
{
	CU_ASSERT_EQUAL(tenths(1, 8), 125);     /* 12.5 exactly */
	CU_ASSERT_EQUAL(tenths(0, 7), 0);
	CU_ASSERT_EQUAL(tenths(7, 7), 1000);
	CU_ASSERT_EQUAL(tenths(3, 2), 1500);    /* a roofline may pass 100 */
}

static void test_halves_away_from_zero(void)
{
	CU_ASSERT_EQUAL(tenths(1, 2000), 1);     /* 0.05: up, not down */
	CU_ASSERT_EQUAL(tenths(5, 2000), 3);     /* 0.25: 0.3 (to even would say 0.2) */
	CU_ASSERT_EQUAL(tenths(3, 2000), 2);     /* 0.15: 0.2 */
	CU_ASSERT_EQUAL(tenths(19653, 20000), 983); /* 98.265: 98.3 (cut: 98.2) */
	CU_ASSERT_EQUAL(tenths(19999, 20000), 1000); /* 99.995: 100.0 */
	CU_ASSERT_EQUAL(tenths(1, 2001), 0);     /* 0.04997...: under the half */
	CU_ASSERT_EQUAL(tenths(9827, 10000), 983); /* 98.27 (the report cut it to 98.2) */
	CU_ASSERT_EQUAL(tenths(4573, 10000), 457); /* 45.73 (the page cut it to 45.7: the same here) */
	CU_ASSERT_EQUAL(tenths(4567, 10000), 457); /* 45.67: 45.7 (the page cut it to 45.6) */
}

static void test_negative(void)
{
	CU_ASSERT_EQUAL(tenths(-1, 2000), -1);  /* -0.05: -0.1, away from zero */
	CU_ASSERT_EQUAL(tenths(1, -2000), -1);
	CU_ASSERT_EQUAL(tenths(-1, -2000), 1);
	CU_ASSERT_EQUAL(tenths(-5, 2000), -3);  /* -0.25: -0.3 */
	CU_ASSERT_EQUAL(tenths(-1, 2001), 0);   /* -0.04997...: 0, no "-0.0" */
	CU_ASSERT_EQUAL(tenths(-19653, 20000), -983);
}

static void test_wide(void)
{
	/* 4095 * 2^51 of 125 * 2^55: 204.75% exactly; PART * 1000 needs 73 bits */
	gint64 part = G_GINT64_CONSTANT(4095) << 51, whole = G_GINT64_CONSTANT(125) << 55;
	CU_ASSERT_EQUAL(tenths(part, whole), 2048);
	CU_ASSERT_EQUAL(tenths(-part, whole), -2048);
	CU_ASSERT_EQUAL(tenths(G_MAXINT64, G_MAXINT64), 1000);
	CU_ASSERT_EQUAL(tenths(G_MAXINT64 / 2, G_MAXINT64), 500); /* 49.99999...95: 50.0 */
	CU_ASSERT_EQUAL(tenths(G_MININT64, G_MAXINT64), -1000);   /* -100.0000...1: -100.0 */
	gint64 untouched = 42;
	CU_ASSERT_FALSE(percent_tenths(G_MAXINT64, 1, &untouched)); /* past 63 bits */
	CU_ASSERT_FALSE(percent_tenths(1, 0, &untouched));          /* no whole */
	CU_ASSERT_EQUAL(untouched, 42);
}

static void test_shares(void)
{
	CU_ASSERT_EQUAL(tenths_of_percent(1, 2000), 1);
	CU_ASSERT_EQUAL(tenths_of_percent(-1, 2000), -1); /* not a share: empty */
	CU_ASSERT_EQUAL(tenths_of_percent(1, 0), -1);
	CU_ASSERT_EQUAL(tenths_of_percent(1, -5), -1);
	CU_ASSERT_EQUAL(tenths_of_percent(G_MAXINT64, 1), -1);
}

static void test_written(void)
{
	g_autofree char *a = shown(125), *b = shown(-1), *c = shown(0), *d = shown(1000), *e = shown(-2048),
			*f = shown(G_MININT64);
	ASSERT_STR(a, "12.5");
	ASSERT_STR(b, "-0.1");
	ASSERT_STR(c, "0.0");
	ASSERT_STR(d, "100.0");
	ASSERT_STR(e, "-204.8");
	ASSERT_STR(f, "-922337203685477580.8");
	g_autoptr(GString) out = g_string_new("(");
	CU_ASSERT_TRUE(percent_append_share(out, 19653, 20000));
	CU_ASSERT_FALSE(percent_append_share(out, 1, 0));
	g_string_append(out, "%)");
	ASSERT_STR(out->str, "(98.3%)");
}

UNIT_MAIN("percent", UNIT_TEST(test_exact), UNIT_TEST(test_halves_away_from_zero), UNIT_TEST(test_negative),
	  UNIT_TEST(test_wide), UNIT_TEST(test_shares), UNIT_TEST(test_written))
