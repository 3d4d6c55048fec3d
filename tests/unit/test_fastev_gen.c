/* The fast reading of events (src/input/fastev.c) against json-c's
 * (src/input/extract.c), by tests/unit/fastev_diff.h, on thousands of
 * generated elements: the members that matter mostly well formed, at times
 * missing, of another type, of a case that does not match, or holding what
 * the fast path declines (escapes, numbers json-c reads otherwise, text that
 * is not JSON), with blanks of every kind between tokens. Memory instants
 * ([memory], [OutOfMemory]) and the members of newer traces (SPEC 24: Comms
 * Id, graph node id, the [memory] members) are among them, with integers
 * past 64 bits and strings where numbers were. */
#include "fastev_diff.h"

static const char *const strings[] = {
	"\"\"", "\"aten::mm\"", "\"it's\"", "\"a\\\"b\"", "\"\\u00e9\"", "\"\xc3\xa9\"", "\"\xff\"", "\"a\tb\"",
	"\"[]\"", "\"12\"", "\" 7 \"", "\"-3.5\"", "\"\\n\"", "\"\xe2\x80\xa8\"", "\"\x7f\"", "\"ProfilerStep#2\"",
	"\"[memory]\"", "\"[OutOfMemory]\"", "\"18446744073709551557\"",
};
static const char *const numbers[] = { /* those the fast path takes first */
	"0", "1", "-1", "42", "0.5", "-0.0", "1e5", "1E-5", "2.50", "123456789012345678", "3.14159265358979", "0.1e1",
	"1e-07", "1.5e30", "-7", "0e0", "-0.0e0", "1e99", "1e-99", "123456789012345678.5", "4.35", "1e16", "0.0001",
	"1.0000000000000002", "-123456789012345678", "1E+05", "1234567890123456789", "18446744073709551616",
	"9223372036854775807", "9223372036854775808", "18446744073709551615", "123456789012345678901234567890",
	"-9223372036854775808", "-9223372036854775809", "-123456789012345678901234567890", "1e23", "1E+23",
	"-0", "007", "1.", "1e400", "9223372036854775", "1.5e300", "1e100", "-1E+308",
	"NaN", "-Infinity", "-01", "1.5e", "0x1",
};
#define GOOD_NUMBERS 37
/* pid and tid: integers, strings, null, and a few the fast path leaves */
static const char *const threads[] = {
	"0", "1", "42", "-7", "123456789012345678", "\"7\"", "\"07\"", "\"host\"", "\"\xff\"", "\"\"", "null", "\"-0\"",
	"1.5", "true", "-0", "18446744073709551616", "-9223372036854775809",
};
/* Blanks between tokens: mostly one space, at times none or the other three. */
static const char *blank(GRand *rand)
{
	return (const char *[]){ " ", " ", " ", "", "\n", "\t\r\n " }[g_rand_int_range(rand, 0, 6)];
}

static const char *const keys[] = {
	"a", "b", "correlation", "device", "kernel", "Input Dims", "Input dims", "Input type", "Concrete Inputs",
	"Record function id", "External id", "x\\\"y", "\xff", "Bytes", "Device Type", "Device Id", "Total Allocated",
	"Total Reserved", "Comms Id", "graph node id",
};

static void random_value(GRand *rand, GString *out, int depth)
{
	switch (g_rand_int_range(rand, 0, depth > 3 ? 3 : 6)) {
	case 0:
		g_string_append(out, strings[g_rand_int_range(rand, 0, G_N_ELEMENTS(strings))]);
		break;
	case 1: /* mostly numbers the fast path takes */
		g_string_append(out, numbers[g_rand_int_range(rand, 0, g_rand_int_range(rand, 0, 4) ? GOOD_NUMBERS
											  : G_N_ELEMENTS(numbers))]);
		break;
	case 2:
		g_string_append(out, (const char *[]){ "true", "false", "null" }[g_rand_int_range(rand, 0, 3)]);
		break;
	case 3:
	case 4: {
		g_string_append_c(out, '[');
		for (int n = g_rand_int_range(rand, 0, 4), i = 0; i < n; i++) {
			if (i)
				g_string_append(out, g_rand_boolean(rand) ? "," : " , ");
			random_value(rand, out, depth + 1);
		}
		g_string_append_c(out, ']');
		break;
	}
	default: {
		g_string_append_c(out, '{');
		for (int n = g_rand_int_range(rand, 0, 5), i = 0; i < n; i++) {
			g_string_append_printf(out, "%s\"%s\": ", i ? ", " : "", keys[g_rand_int_range(rand, 0, G_N_ELEMENTS(keys))]);
			random_value(rand, out, depth + 1);
		}
		g_string_append_c(out, '}');
	}
	}
}

static void test_generated(void)
{
	roles = roles_new((char *[]){ "cpu_op", "python_function", NULL }, (char *[]){ "cuda_runtime", NULL },
			  (char *[]){ "kernel", "Kernel", NULL }, TRUE);
	differences = 0;
	GRand *rand = g_rand_new_with_seed(28);
	static const char *const cats[] = { "cpu_op", "kernel", "cuda_runtime", "python_function", "Kernel", "other", "",
					    "Operator", "Runtime", "cpu_instant_event", "gpu_user_annotation" };
	static const char *const members[] = { "ph", "cat", "name", "pid", "tid", "ts", "dur", "id", "Cat", "Args" };
	guint taken = 0, count = 10000;
	for (guint n = 0; n < count; n++) {
		GString *e = g_string_new("{");
		gboolean first = TRUE, instant = FALSE;
		for (gsize m = 0; m < G_N_ELEMENTS(members); m++) {
			if (g_rand_int_range(rand, 0, m >= 7 ? 2 : 50) == 0)
				continue; /* missing */
			g_string_append_printf(e, "%s%s\"%s\"%s:%s", first ? "" : ",", blank(rand), members[m], blank(rand),
					       blank(rand));
			first = FALSE;
			gboolean odd = g_rand_int_range(rand, 0, 40) == 0;
			if (odd || m >= 7)
				random_value(rand, e, 1);
			else if (m == 0) /* at times an instant, mostly a memory one, which is read */
				g_string_append(e, (instant = g_rand_int_range(rand, 0, 5) == 0) ? "\"i\"" : "\"X\"");
			else if (m == 1 && instant && g_rand_int_range(rand, 0, 4))
				g_string_append(e, "\"cpu_instant_event\"");
			else if (m == 1)
				g_string_append_printf(e, "\"%s\"", cats[g_rand_int_range(rand, 0, G_N_ELEMENTS(cats))]);
			else if (m == 2 && instant && g_rand_int_range(rand, 0, 4))
				g_string_append(e, g_rand_boolean(rand) ? "\"[memory]\"" : "\"[OutOfMemory]\"");
			else if (m == 2)
				g_string_append(e, strings[g_rand_int_range(rand, 0, G_N_ELEMENTS(strings))]);
			else if (m == 3 || m == 4)
				g_string_append(e, threads[g_rand_int_range(rand, 0, G_N_ELEMENTS(threads))]);
			else
				g_string_append(e, numbers[g_rand_int_range(rand, 0, GOOD_NUMBERS)]);
		}
		int args = g_rand_int_range(rand, 0, 10);
		if (args == 0) {
			g_string_append(e, first ? "\"args\": " : ", \"args\": ");
			random_value(rand, e, 2);
		} else if (args > 3) { /* an object, mostly */
			g_string_append(e, first ? "\"args\": {" : ", \"args\": {");
			for (int k = g_rand_int_range(rand, 0, 6), i = 0; i < k; i++) {
				g_string_append_printf(e, "%s\"%s\":%s", i ? "," : "", keys[g_rand_int_range(rand, 0, G_N_ELEMENTS(keys))],
						       blank(rand));
				random_value(rand, e, 1);
			}
			g_string_append_printf(e, "%s}", blank(rand));
		}
		g_string_append_printf(e, "%s}%s", blank(rand), blank(rand));
		taken += differential(e->str, EITHER);
		g_string_free(e, TRUE);
	}
	g_rand_free(rand);
	CU_ASSERT_EQUAL(differences, 0);
	CU_ASSERT(taken > count / 20); /* the fast path is exercised */
	fprintf(stderr, "\n%u of %u generated elements taken by the fast path\n", taken, count);
	g_hash_table_destroy(roles);
}

UNIT_MAIN("fastev_gen", UNIT_TEST(test_generated))
