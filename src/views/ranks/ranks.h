/* Ranks (SPEC 13.2): the summaries of many ranks reduced to one table, key
 * by key, as each trace's (or each --merge summary's) groups come. */
#ifndef PP_RANKS_H
#define PP_RANKS_H

#include "views/ranks/ranks_perf.h"
#include "util/key_trie.h"

/* The column the ranks' rows are ordered by (for a table to keep it first). */
#define RANKS_ORDER "device total max(ms)"

const struct catalogue *ranks_catalogue(void);
struct ranks *ranks_new(void);
void ranks_free(struct ranks *ranks);
/* The keys of RANKS: a trace's keys join them with ranks_keys_of (by
 * FROM's node index, g_free it: one lookup a key, its text never written),
 * a --merge summary's with ranks_key_text (one frame, the whole text: both
 * order as their texts, src/util/key_trie.h). */
struct key_node **ranks_keys_of(struct ranks *ranks, const struct key_trie *from);
struct key_node *ranks_key_text(struct ranks *ranks, const char *key, gsize key_len);
/* Adds one trace's figures for KEY (a key of RANKS): its rank, its count, host and device
 * totals, and its perf figures when a perf column is asked for (else NULL). */
void ranks_add(struct ranks *ranks, gint64 rank, struct key_node *key, guint64 count, gint64 host,
	       gint64 device, const struct rank_perf *perf);
/* Says that SOURCE (a file, as messages show it) has RANK (BY_POSITION: its
 * place in the list, as it records none): a rank that another source has
 * already is a warning, naming both. Claimed in the order of the list. */
void ranks_claim(struct ranks *ranks, gint64 rank, const char *source, gboolean by_position);
/* The warnings of ranks_claim, one line each, or "". */
const char *ranks_warnings(const struct ranks *ranks);
/* Whether a key's counts add up past 2^63 - 1: no table is then written. */
gboolean ranks_wrapped(const struct ranks *ranks);
/* The members of a summary line (--merge) that the perf columns PICKED
 * (or the sort keys) read: "flops", "bytes", "device busy total(ms)",
 * "roofline(ms)", "bound". */
enum { RANKS_FLOPS = 1, RANKS_BYTES = 2, RANKS_BUSY = 4, RANKS_ROOFLINE = 8, RANKS_BOUND = 16 };
guint ranks_members(const GPtrArray *picked);
/* The ranks' collectives (src/views/ranks/rank_reduce.h) for the page's bars
 * (SPEC 20.5): RANKS owns REDUCE; NULL when none is kept. */
struct rank_reduce;
void ranks_keep_reduce(struct ranks *ranks, struct rank_reduce *reduce);
struct rank_reduce *ranks_reduce(const struct ranks *ranks);
/* The rows, sorted (owned by RANKS). */
GPtrArray *ranks_rows(struct ranks *ranks);

#endif
