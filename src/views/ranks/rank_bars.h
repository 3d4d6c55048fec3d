/* Rank bars: the split of a rank's device span on the pages across ranks
 * (SPEC 28, 20.5), every instant counted once, in this order of
 * precedence: compute, then communication transfer, then wait, then the
 * other busy time (memcpy, memset), then host wait, then other idle; the
 * parts add up to the span (the devices' spans, summed).
 *
 * Per device (a lane: its device key, src/attribution/idle.h), with C the
 * compute union, M the communication union and each communication event
 * cut into its wait part [a_r, min(A, e_r)) (20.1; empty unless it is
 * matched) and the rest, its transfer part: compute is |C|; wait the
 * instants of M - C in no event's transfer part; transfer the rest of
 * M - C (the exposed communication, 20.2). Events left out of every
 * instance (a repeated id) are transfer throughout. So a rank's wait part
 * is |F - X|, F being M - C less the events left out, X the union of the
 * transfer parts of the events kept; transfer is |M - C| less the wait.
 *
 * The map side (rank_lanes): one pass over a trace's device events in
 * (ts, position) order, each union merged as it goes (intervals_extend),
 * then F by two linear differences: O(E) time, the unions' runs in memory.
 * The reduce side (rank_bars_wait): every rank's F and X, sorted once by
 * (rank, lane, start) and swept: O(N log N) for N intervals, no pair of
 * ranks compared. Integers throughout, exact. */
#ifndef PP_RANK_BARS_H
#define PP_RANK_BARS_H

#include "attribution/idle.h"
#include "attribution/sums.h"

/* An interval of a rank's lane (ns). */
struct rank_interval {
	gint64 rank;
	gint lane;
	gint64 start, end;
};

struct rank_lanes;

struct rank_lanes *rank_lanes_new(const struct threads *threads);
void rank_lanes_free(struct rank_lanes *lanes);
/* Adds EVENT (after those before it in (ts, position) order) of CLASS;
 * LEFT_OUT: a communication event in no instance. Returns its lane. */
gint rank_lanes_add(struct rank_lanes *lanes, const struct event *event, enum device_class class, gboolean left_out);
/* F (above) of every lane, appended to OUT (struct rank_interval, rank
 * 0), by lane then start. */
void rank_lanes_finish(struct rank_lanes *lanes, GArray *out);

/* The wait part of each rank's bar: |F - X| per rank, F (FREE) and X
 * (TRANSFERS) being struct rank_interval of any ranks, in any order
 * (sorted here); F's intervals of one lane disjoint. Calls ADD(DATA, rank,
 * wait) once for each rank with a part of F. */
void rank_bars_wait(GArray *free, GArray *transfers, void (*add)(gpointer data, gint64 rank, gint64 wait),
		    gpointer data);

#endif
