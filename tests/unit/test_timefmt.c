#include <string.h>
#include "unit.h"
#include "util/timefmt.h"

static gint64 parsed(const char *text)
{
	gint64 ns = -424242;
	CU_ASSERT_TRUE_FATAL(time_parse_us(text, strlen(text), &ns));
	return ns;
}

static gboolean rejected(const char *text)
{
	gint64 ns;
	return !time_parse_us(text, strlen(text), &ns);
}

static void test_integers(void)
{
	CU_ASSERT_EQUAL(parsed("0"), 0);
	CU_ASSERT_EQUAL(parsed("1695835542515301"), G_GINT64_CONSTANT(1695835542515301000));
	CU_ASSERT_EQUAL(parsed("-12"), -12000);
	CU_ASSERT_EQUAL(parsed(" 7 "), 7000);
}

static void test_fractions_exact(void)
{
	/* a double cannot hold this one: 1732000000000100.123 */
	CU_ASSERT_EQUAL(parsed("1732000000000100.123"), G_GINT64_CONSTANT(1732000000000100123));
	CU_ASSERT_EQUAL(parsed("2413669096100.149"), G_GINT64_CONSTANT(2413669096100149));
	CU_ASSERT_EQUAL(parsed("0.001"), 1);
	CU_ASSERT_EQUAL(parsed("1.5"), 1500);
}

static void test_rounding_half_away_from_zero(void)
{
	CU_ASSERT_EQUAL(parsed("0.0005"), 1);
	CU_ASSERT_EQUAL(parsed("0.0004999"), 0);
	CU_ASSERT_EQUAL(parsed("-0.0005"), -1);
	CU_ASSERT_EQUAL(parsed("1.2345"), 1235);
	CU_ASSERT_EQUAL(parsed("1.23449999999"), 1234);
}

static void test_exponents(void)
{
	CU_ASSERT_EQUAL(parsed("1e3"), 1000000);
	CU_ASSERT_EQUAL(parsed("1.5E-3"), 2); /* 1.5 ns rounds away from zero */
	CU_ASSERT_EQUAL(parsed("25e-1"), 2500);
	CU_ASSERT_EQUAL(parsed("0e999999"), 0);
}

static void test_rejects(void)
{
	CU_ASSERT_TRUE(rejected(""));
	CU_ASSERT_TRUE(rejected("abc"));
	CU_ASSERT_TRUE(rejected("1.2.3"));
	CU_ASSERT_TRUE(rejected("1."));
	CU_ASSERT_TRUE(rejected("NaN"));
	CU_ASSERT_TRUE(rejected("1e"));
	CU_ASSERT_TRUE(rejected("9223372036854776")); /* past 2^63 ns */
	CU_ASSERT_TRUE(rejected("1e400"));
	CU_ASSERT_FALSE(rejected("9223372036854775.807"));
	CU_ASSERT_TRUE(rejected("9223372036854775.808"));
	CU_ASSERT_FALSE(rejected("-9223372036854775.808"));
}

static char *ms(gint64 ns)
{
	GString *out = g_string_new(NULL);
	time_append_ms(out, ns);
	return g_string_free(out, FALSE);
}

static char *us(gint64 ns)
{
	GString *out = g_string_new(NULL);
	time_append_us(out, ns);
	return g_string_free(out, FALSE);
}

#define ASSERT_FORMAT(fn, ns, text)            \
	do {                                   \
		g_autofree char *s = fn(ns);   \
		ASSERT_STR(s, text);           \
	} while (0)

static void test_milliseconds(void)
{
	ASSERT_FORMAT(ms, 0, "0.0");
	ASSERT_FORMAT(ms, 104000, "0.104");
	ASSERT_FORMAT(ms, 1352964, "1.352964");
	ASSERT_FORMAT(ms, 2000000, "2.0");
	ASSERT_FORMAT(ms, 1, "0.000001");
	ASSERT_FORMAT(ms, 19583658000, "19583.658");
	ASSERT_FORMAT(ms, -1500000, "-1.5");
	ASSERT_FORMAT(ms, G_MAXINT64, "9223372036854.775807");
}

static void test_microseconds(void)
{
	ASSERT_FORMAT(us, G_GINT64_CONSTANT(1695835542515301000), "1695835542515301");
	ASSERT_FORMAT(us, G_GINT64_CONSTANT(2413669096100149), "2413669096100.149");
	ASSERT_FORMAT(us, G_GINT64_CONSTANT(2413669096090100), "2413669096090.1");
	ASSERT_FORMAT(us, 0, "0");
	ASSERT_FORMAT(us, -2500, "-2.5");
	ASSERT_FORMAT(us, G_MININT64, "-9223372036854775.808");
}

static char *integer(gint64 n)
{
	char text[TIME_TEXT_MAX + 1];
	text[int_format(text, n)] = 0;
	return g_strdup(text);
}

/* int_format: the digits printf writes, without printf (issue 34's rows). */
static void test_integers_text(void)
{
	ASSERT_FORMAT(integer, 0, "0");
	ASSERT_FORMAT(integer, 7, "7");
	ASSERT_FORMAT(integer, 10, "10");
	ASSERT_FORMAT(integer, 99, "99");
	ASSERT_FORMAT(integer, 100, "100");
	ASSERT_FORMAT(integer, -5435638784, "-5435638784");
	ASSERT_FORMAT(integer, G_MAXINT64, "9223372036854775807");
	ASSERT_FORMAT(integer, G_MININT64, "-9223372036854775808");
}

/* Into a buffer as appended, digit counts odd and even, over a sweep of
 * values: the buffer formats and the GString ones agree, and parse back. */
static void test_buffers(void)
{
	char text[TIME_TEXT_MAX];
	for (gint64 ns = -2000003; ns <= 2000003; ns += 997) {
		g_autofree char *m = ms(ns), *u = us(ns);
		gsize len = time_format_ms(text, ns);
		CU_ASSERT_TRUE(len == strlen(m) && memcmp(text, m, len) == 0);
		len = time_format_us(text, ns);
		CU_ASSERT_TRUE(len == strlen(u) && memcmp(text, u, len) == 0);
		gint64 back = 0;
		CU_ASSERT_TRUE(time_parse_ms(m, strlen(m), &back) && back == ns);
		CU_ASSERT_TRUE(time_parse_us(u, strlen(u), &back) && back == ns);
	}
	ASSERT_FORMAT(ms, 10, "0.00001");
	ASSERT_FORMAT(ms, 120000, "0.12");
	ASSERT_FORMAT(us, 10, "0.01");
	ASSERT_FORMAT(us, 100, "0.1");
	ASSERT_FORMAT(us, 1000, "1");
	ASSERT_FORMAT(us, G_MAXINT64, "9223372036854775.807");
	ASSERT_FORMAT(ms, G_MININT64, "-9223372036854.775808");
}

/* Milliseconds in whole nanoseconds (what --merge reads, issue 33): a
 * digit past the ns that is not 0 is refused (never rounded), saying so. */
static gboolean whole(const char *text, gint64 *ns, gboolean *finer)
{
	return time_parse_ms_whole(text, strlen(text), ns, finer);
}

static void test_whole_milliseconds(void)
{
	gint64 ns = -1;
	gboolean finer = TRUE;
	CU_ASSERT_TRUE(whole("1.352964", &ns, &finer));
	CU_ASSERT_EQUAL(ns, 1352964);
	CU_ASSERT_FALSE(finer);
	CU_ASSERT_TRUE(whole("0.0010000", &ns, &finer)); /* zeros past the ns */
	CU_ASSERT_EQUAL(ns, 1000);
	CU_ASSERT_TRUE(whole("1.5e-6", &ns, &finer) == FALSE && finer); /* 1.5 ns */
	CU_ASSERT_TRUE(whole("0.0000004", &ns, &finer) == FALSE && finer); /* 0.4 ns, rounded to 0 before */
	CU_ASSERT_TRUE(whole("9223372036854.7758071", &ns, &finer) == FALSE && finer);
	CU_ASSERT_TRUE(whole("12e-9", &ns, &finer) == FALSE && finer);
	CU_ASSERT_TRUE(whole("2e-6", &ns, &finer));
	CU_ASSERT_EQUAL(ns, 2);
	CU_ASSERT_TRUE(whole("x", &ns, &finer) == FALSE && !finer); /* not a number: not finer */
	CU_ASSERT_TRUE(whole("9223372036854.775808", &ns, &finer) == FALSE && !finer); /* past 63 bits */
	/* time_parse_ms still rounds: trace times may have digits past the ns */
	CU_ASSERT_TRUE(time_parse_ms("0.0000005", 9, &ns));
	CU_ASSERT_EQUAL(ns, 1);
}

UNIT_MAIN("timefmt", UNIT_TEST(test_integers), UNIT_TEST(test_fractions_exact),
	  UNIT_TEST(test_rounding_half_away_from_zero), UNIT_TEST(test_exponents), UNIT_TEST(test_rejects),
	  UNIT_TEST(test_milliseconds), UNIT_TEST(test_microseconds), UNIT_TEST(test_whole_milliseconds),
	  UNIT_TEST(test_integers_text), UNIT_TEST(test_buffers))
