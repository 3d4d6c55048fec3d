#include "unit.h"
#include "fixture_run.h"
#include "attribution/idle.h"
#include "attribution/idle_steps.h"
#include "attribution/timeline.h"

/* Times in the fixtures are microseconds. */
#define US(ns) ((ns) / 1000)

#define STEP(n, pid, ts, dur)                                                                                   \
	"{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep#" #n "\",\"pid\":" #pid ",\"tid\":1,\"ts\":" #ts \
	",\"dur\":" #dur "}"

static void test_wait_end(void)
{
	/* the gap [10, 40): a launch at or before 10 gives no host wait, one
	 * inside it host wait up to the launch, one at 40 or later all of it */
	CU_ASSERT_EQUAL(idle_wait_end(10, 40, 5), 10);
	CU_ASSERT_EQUAL(idle_wait_end(10, 40, 10), 10);
	CU_ASSERT_EQUAL(idle_wait_end(10, 40, 11), 11);
	CU_ASSERT_EQUAL(idle_wait_end(10, 40, 25), 25);
	CU_ASSERT_EQUAL(idle_wait_end(10, 40, 40), 40);
	CU_ASSERT_EQUAL(idle_wait_end(10, 40, 99), 40);
}

static struct event ev(gint64 ts, gint64 dur)
{
	return (struct event){ .ts = ts, .dur = dur };
}

static void test_track(void)
{
	struct idle_track t = { 0 };
	struct idle_gap gap;
	struct event e;
	/* the first busy interval ends no gap, whatever its launch */
	e = ev(10, 10);
	CU_ASSERT_FALSE(idle_track_add(&t, &e, TRUE, 0, &gap));
	/* a zero-length event in the gap is no busy interval: it splits nothing */
	e = ev(25, 0);
	CU_ASSERT_FALSE(idle_track_add(&t, &e, TRUE, 24, &gap));
	/* [20, 30) ended by a launch at 26: wait [20, 26) */
	e = ev(30, 5);
	CU_ASSERT_TRUE_FATAL(idle_track_add(&t, &e, TRUE, 26, &gap));
	CU_ASSERT_EQUAL(gap.start, 20);
	CU_ASSERT_EQUAL(gap.end, 30);
	CU_ASSERT_EQUAL(gap.wait_end, 26);
	/* overlapping and adjacent events extend the run: no gap */
	e = ev(32, 10);
	CU_ASSERT_FALSE(idle_track_add(&t, &e, TRUE, 100, &gap));
	e = ev(42, 3);
	CU_ASSERT_FALSE(idle_track_add(&t, &e, TRUE, 100, &gap));
	/* [45, 50) ended by an event without a launch: all other idle */
	e = ev(50, 5);
	CU_ASSERT_TRUE_FATAL(idle_track_add(&t, &e, FALSE, 99, &gap));
	CU_ASSERT_EQUAL(gap.wait_end, 45);
	/* [55, 60) ended by a launch after the gap's end: all host wait */
	e = ev(60, 5);
	CU_ASSERT_TRUE_FATAL(idle_track_add(&t, &e, TRUE, 70, &gap));
	CU_ASSERT_EQUAL(gap.wait_end, 60);
	/* [65, 80) ended by a launch before it: no host wait */
	e = ev(80, 5);
	CU_ASSERT_TRUE_FATAL(idle_track_add(&t, &e, TRUE, 1, &gap));
	CU_ASSERT_EQUAL(gap.wait_end, 65);
	CU_ASSERT_EQUAL(t.gaps, 10 + 5 + 5 + 15);
	CU_ASSERT_EQUAL(t.wait, 6 + 0 + 5 + 0);
}

static GArray *list_of(const gint64 *bounds, guint pairs)
{
	GArray *list = g_array_new(FALSE, FALSE, sizeof(struct idle_interval));
	for (guint i = 0; i < pairs; i++)
		intervals_extend(list, bounds[2 * i], bounds[2 * i + 1]);
	return list;
}

static void test_intervals(void)
{
	/* extend merges what meets or overlaps the last one, drops empty ones */
	g_autoptr(GArray) a = list_of((const gint64[]){ 0, 10, 10, 12, 11, 11, 20, 30, 25, 28, 40, 50 }, 6);
	CU_ASSERT_EQUAL_FATAL(a->len, 3); /* [0, 12) [20, 30) [40, 50) */
	CU_ASSERT_EQUAL(g_array_index(a, struct idle_interval, 0).end, 12);
	CU_ASSERT_EQUAL(intervals_length(a), 32);
	g_autoptr(GArray) b = list_of((const gint64[]){ 5, 21, 29, 41, 60, 70 }, 3);
	g_autoptr(GArray) u = g_array_new(FALSE, FALSE, sizeof(struct idle_interval));
	intervals_union(a, b, u); /* [0, 50) [60, 70) */
	CU_ASSERT_EQUAL_FATAL(u->len, 2);
	CU_ASSERT_EQUAL(intervals_length(u), 60);
	/* a and b meet in [5, 12) [20, 21) [29, 30) [40, 41) */
	CU_ASSERT_EQUAL(intervals_overlap(a, b), 7 + 1 + 1 + 1);
	CU_ASSERT_EQUAL(intervals_overlap(b, a), 10);
	/* clipped to [8, 45): [8, 12) [20, 30) [40, 45) */
	g_autoptr(GArray) c = g_array_new(FALSE, FALSE, sizeof(struct idle_interval));
	intervals_clip((const struct idle_interval *)a->data, a->len, 8, 45, c);
	CU_ASSERT_EQUAL_FATAL(c->len, 3);
	CU_ASSERT_EQUAL(g_array_index(c, struct idle_interval, 0).start, 8);
	CU_ASSERT_EQUAL(g_array_index(c, struct idle_interval, 2).end, 45);
	CU_ASSERT_EQUAL(intervals_length(c), 4 + 10 + 5);
	g_array_set_size(c, 0);
	intervals_clip((const struct idle_interval *)a->data, a->len, 12, 20, c); /* in the gap only */
	CU_ASSERT_EQUAL(c->len, 0);
}

/* Random events on one device, with random launch times, against the rule
 * stated per time unit: a unit no event covers, between the first and the
 * last busy unit, is in a gap; it is host wait when the first event (by
 * ts, then position) starting at the gap's end was launched after the unit. */
static void test_random_against_brute_force(void)
{
	GRand *rand = g_rand_new_with_seed(15);
	for (int round = 0; round < 300; round++) {
		guint n = (guint)g_rand_int_range(rand, 1, 12);
		struct event e[12];
		gint64 launch[12];
		gboolean has[12];
		for (guint i = 0; i < n; i++) {
			e[i] = ev(g_rand_int_range(rand, 0, 60), g_rand_int_range(rand, 0, 8));
			e[i].index = i;
			launch[i] = g_rand_int_range(rand, -5, 70);
			has[i] = g_rand_int_range(rand, 0, 4) != 0;
		}
		guint order[12];
		for (guint i = 0; i < n; i++)
			order[i] = i;
		for (guint i = 1; i < n; i++) /* by (ts, position) */
			for (guint j = i; j > 0 && e[order[j]].ts < e[order[j - 1]].ts; j--) {
				guint x = order[j];
				order[j] = order[j - 1];
				order[j - 1] = x;
			}
		struct idle_track t = { 0 };
		struct idle_gap gap;
		for (guint i = 0; i < n; i++)
			idle_track_add(&t, &e[order[i]], has[order[i]], launch[order[i]], &gap);
		gint64 want_gaps = 0, want_wait = 0, first = G_MAXINT64, last = G_MININT64;
		gboolean busy[80] = { 0 };
		for (guint i = 0; i < n; i++)
			for (gint64 u = e[i].ts; u < event_end(&e[i]); u++)
				busy[u] = TRUE, first = MIN(first, u), last = MAX(last, u);
		for (gint64 u = first; u <= last && first <= last; u++) {
			if (busy[u])
				continue;
			gint64 end = u;
			while (!busy[end])
				end++;
			guint ender = n; /* the first positive event at END, by (ts, position) */
			for (guint i = 0; i < n; i++)
				if (e[order[i]].ts == end && e[order[i]].dur > 0) {
					ender = order[i];
					break;
				}
			CU_ASSERT_FATAL(ender < n);
			want_gaps++;
			want_wait += has[ender] && u < launch[ender];
		}
		CU_ASSERT_EQUAL(t.gaps, want_gaps);
		CU_ASSERT_EQUAL(t.wait, want_wait);
	}
	g_rand_free(rand);
}

/* Device 0: [10, 20) <- 5, [40, 50) <- 30, [60, 70) <- 1; device 1:
 * [25, 45) <- 22 (all launched by pid 1); pid 2 launches nothing. */
static const char two_devices[] = "[" STEP(1, 1, 0, 35) "," STEP(2, 1, 35, 65) "," STEP(1, 2, 0, 80) ","
	PLAUNCH(1, 5, 1) "," DKERNEL(0, 10, 10, 1) "," PLAUNCH(1, 30, 2) "," DKERNEL(0, 40, 10, 2) ","
	PLAUNCH(1, 1, 3) "," DKERNEL(0, 60, 10, 3) "," PLAUNCH(1, 22, 4) "," DKERNEL(1, 25, 20, 4) "]";

static void test_timeline_idle(void)
{
	struct read_run r;
	read_run(two_devices, &r);
	g_autoptr(Timeline) t = timeline_compute(r.attribution->by_time, r.attribution->claimed + r.attribution->unclaimed,
						 r.attribution, r.trace->threads, NULL);
	CU_ASSERT_EQUAL_FATAL(t->count, 2);
	/* device 0: span [10, 70) 60, busy 30, idle 30: gap [20, 40) with its
	 * launch at 30: wait 10; gap [50, 60) launched at 1: none */
	CU_ASSERT_EQUAL(US(t->devices[0].idle), 30);
	CU_ASSERT_EQUAL(US(t->devices[0].host_wait), 10);
	CU_ASSERT_EQUAL(timeline_wait_permille(&t->devices[0]), 333);
	/* device 1: one event, no idle: no percentage */
	CU_ASSERT_EQUAL(t->devices[1].idle, 0);
	CU_ASSERT_EQUAL(t->devices[1].host_wait, 0);
	CU_ASSERT_EQUAL(timeline_wait_permille(&t->devices[1]), -1);
	/* without the attribution, no event has a launch: no host wait */
	g_autoptr(Timeline) none = timeline_compute(r.attribution->by_time, r.attribution->claimed + r.attribution->unclaimed,
						    NULL, r.trace->threads, NULL);
	CU_ASSERT_EQUAL(US(none->devices[0].idle), 30);
	CU_ASSERT_EQUAL(none->devices[0].host_wait, 0);
	read_run_clear(&r);
}

static void test_steps(void)
{
	struct read_run r;
	read_run(two_devices, &r);
	CU_ASSERT_EQUAL_FATAL(r.steps->count, 3);
	struct idle_figures out[3];
	memset(out, 0xff, sizeof out);
	idle_steps_compute(r.attribution, r.trace->threads, r.steps, NULL, out);
	for (guint s = 0; s < 3; s++) {
		const struct event *step = &r.steps->events[s];
		gint64 idle = US(out[s].idle), wait = US(out[s].host_wait);
		if (US(step->dur) == 80) {
			/* pid 2 launched nothing: idle throughout, no host wait */
			CU_ASSERT_EQUAL(idle, 80);
			CU_ASSERT_EQUAL(wait, 0);
		} else if (US(step->ts) == 0) {
			/* [0, 35): busy [10, 20) and device 1's [25, 35): idle 15;
			 * device 0's wait [20, 30), less device 1's [25, 30): 5 */
			CU_ASSERT_EQUAL(idle, 15);
			CU_ASSERT_EQUAL(wait, 5);
		} else {
			/* [35, 100): busy [35, 50) and [60, 70): idle 40; device
			 * 0's only wait, [20, 30), lies before the window */
			CU_ASSERT_EQUAL(US(step->ts), 35);
			CU_ASSERT_EQUAL(idle, 40);
			CU_ASSERT_EQUAL(wait, 0);
		}
	}
	/* only the steps wanted are worked out */
	gboolean wanted[3] = { FALSE, FALSE, FALSE };
	memset(out, 0x5a, sizeof out);
	idle_steps_compute(r.attribution, r.trace->threads, r.steps, wanted, out);
	CU_ASSERT_EQUAL(out[0].idle, (gint64)0x5a5a5a5a5a5a5a5aLL);
	read_run_clear(&r);
}

UNIT_MAIN("idle", UNIT_TEST(test_wait_end), UNIT_TEST(test_track), UNIT_TEST(test_intervals),
	  UNIT_TEST(test_random_against_brute_force), UNIT_TEST(test_timeline_idle), UNIT_TEST(test_steps))
