#include "views/compare/compare_options.h"
#include <string.h>
#include "output/output_names.h"
#include "views/summaries/summary_options.h"

/* --diff path|name: a summary of each of two traces, compared. */
static gboolean diff_option(const char *option, const char *value, gpointer data, GError **error)
{
	struct options *options = data;
	(void)option;
	if (strcmp(value, "path") != 0 && strcmp(value, "name") != 0) {
		g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--diff wants path or name, not '%s'", value);
		return FALSE;
	}
	options->compare = COMPARE_DIFF;
	return summary_mode_parse(value, options, error);
}

static void entries(struct options *options, GArray *entries)
{
	const GOptionEntry own[] = {
		{ "diff", 0, 0, G_OPTION_ARG_CALLBACK, diff_option, "Compare two traces (-s BASE -s NEW), key by key", "path|name" },
		{ "across-ranks", 0, 0, G_OPTION_ARG_NONE, &options->across_ranks, "With --summary path, name or collective and many traces: one summary for the whole job", NULL },
		{ "merge", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &options->merge, "Reduce per-rank JSON Lines summaries (files, or directories of *.jsonl) to --across-ranks's table", "DIR" },
	};
	g_array_append_vals(entries, own, G_N_ELEMENTS(own));
}

/* Sets options->compare: usage errors. */
static gboolean check(struct options *options, GError **error)
{
	if (options->merge) {
		if (options->sources)
			return options_usage(error, "--merge reads summaries, not traces: give no -s");
		if (options->compare || (options->summary && options->summary != SUMMARY_RANK))
			return options_usage(error, "--merge takes the keys of the summaries it reads: no --summary "
						    "(but rank, for the columns of rank maps) or --diff");
		options->compare = COMPARE_MERGE;
	} else if (options->across_ranks) {
		if (options->compare == COMPARE_DIFF)
			return options_usage(error, "--diff compares two runs, --across-ranks many ranks: give one of them");
		if (options->summary != SUMMARY_PATH && options->summary != SUMMARY_NAME &&
		    options->summary != SUMMARY_COLLECTIVE)
			return options_usage(error, "--across-ranks wants --summary path, name or collective");
		/* the collectives across ranks match the ranks' instances, as --summary rank does (SPEC 20.3) */
		options->compare = options->summary == SUMMARY_COLLECTIVE ? COMPARE_RANK : COMPARE_ACROSS;
	} else if (options->summary == SUMMARY_RANK) {
		if (options->compare == COMPARE_DIFF)
			return options_usage(error, "--diff compares two runs, --summary rank many ranks: give one of them");
		options->compare = COMPARE_RANK;
	}
	/* --summary rank --format jsonl of one trace is its map: -d DIR/ may name DIR/STEM.jsonl (main.c checks) */
	if (options->compare && options->compare != COMPARE_RANK && options->dst && output_is_directory(options->dst))
		return options_usage(error, "a comparison writes one table: -d must be a file or -, not a directory");
	return TRUE;
}

const struct view_options compare_view_options = { .name = "compare", .entries = entries, .check = check };
