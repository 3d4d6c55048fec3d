/* The cause sweep (src/attribution/cause_sweep.h) over hand-made host
 * events of one thread: the labels at times asked in order, where they
 * change next, the time held by nothing, and windows (events that hold no
 * instant of one are left out, but keep their depth). */
#include "unit.h"
#include "attribution/cause_sweep.h"
#include "model/names.h"

static enum cause by_name(gpointer data, const struct name *name)
{
	(void)data;
	return g_str_has_prefix(name->text, "DataLoader") ? CAUSE_DATA_LOADING : CAUSE_FRAMEWORK;
}

struct want {
	gint64 at;
	gboolean held;
	gint64 end;
	enum cause cause;
	const char *op;
};

static void check(const struct host_event *host, guint n, const struct cause_window *windows, guint count,
		  const struct want *want, guint wants)
{
	struct attribution a = { 0 };
	struct cause_sweep_events e = { host, 0, n, &a, NULL, 0, 0, by_name, NULL };
	struct cause_sweep *s = cause_sweep_new(&e, windows, count);
	for (guint i = 0; i < wants; i++) {
		gint64 end = 0;
		guint8 cause = CAUSE_OUTSIDE;
		const struct name *op = NULL;
		gboolean held = cause_sweep_at(s, want[i].at, &end, &cause, &op);
		CU_ASSERT_EQUAL(held, want[i].held);
		CU_ASSERT_EQUAL(end, want[i].end);
		if (held && want[i].held) {
			CU_ASSERT_EQUAL(cause, want[i].cause);
			CU_ASSERT_PTR_NOT_NULL_FATAL(op);
			ASSERT_STR(op->text, want[i].op);
		}
	}
	cause_sweep_free(s);
}

static void test_labels(void)
{
	struct names *names = names_new();
#define E(text, start, length, position) \
	{ .ts = (start), .dur = (length), .name = names_intern(names, text, strlen(text), NULL), .index = (position) }
	/* DataLoader.next [0, 100) > aten::inner [40, 60); aten::a [200, 300) > aten::zero [250, 250) */
	const struct host_event host[] = { E("DataLoader.next", 0, 100, 0), E("aten::inner", 40, 20, 1), E("aten::a", 200, 100, 2),
				      E("aten::zero", 250, 0, 3) };
	const struct cause_window all = { 0, 1000 };
	static const struct want every[] = {
		{ 0, TRUE, 40, CAUSE_DATA_LOADING, "DataLoader.next" },
		{ 40, TRUE, 60, CAUSE_DATA_LOADING, "aten::inner" }, /* the innermost op, the best cause */
		{ 50, TRUE, 60, CAUSE_DATA_LOADING, "aten::inner" },
		{ 60, TRUE, 100, CAUSE_DATA_LOADING, "DataLoader.next" },
		{ 100, FALSE, 200, 0, NULL },
		{ 250, TRUE, 300, CAUSE_FRAMEWORK, "aten::a" }, /* a zero-length event holds nothing */
		{ 300, FALSE, G_MAXINT64, 0, NULL },
	};
	check(host, G_N_ELEMENTS(host), &all, 1, every, G_N_ELEMENTS(every));
	/* a window on aten::a alone: DataLoader.next and aten::inner are left out */
	const struct cause_window late = { 210, 260 };
	static const struct want only[] = {
		{ 0, FALSE, 200, 0, NULL },
		{ 210, TRUE, 300, CAUSE_FRAMEWORK, "aten::a" },
	};
	check(host, G_N_ELEMENTS(host), &late, 1, only, G_N_ELEMENTS(only));
#undef E
	names_free(names);
}

UNIT_MAIN("cause_sweep", UNIT_TEST(test_labels))
