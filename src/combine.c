#include "combine.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "output.h"
#include "run.h"

enum { EXIT_DONE = 0, EXIT_INPUT = 1 };

void collected_clear(struct collected *collected)
{
	g_clear_pointer(&collected->groups, g_hash_table_destroy);
	g_clear_pointer(&collected->rank, g_free);
}

static gboolean usage(GError **error, const char *message)
{
	g_set_error_literal(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, message);
	return FALSE;
}

gboolean compare_check(struct options *options, GError **error)
{
	if (options->merge) {
		if (options->sources)
			return usage(error, "--merge reads summaries, not traces: give no -s");
		if (options->compare || options->summary)
			return usage(error, "--merge takes the keys of the summaries it reads: no --summary or --diff");
		options->compare = COMPARE_MERGE;
	} else if (options->across_ranks) {
		if (options->compare == COMPARE_DIFF)
			return usage(error, "--diff compares two runs, --across-ranks many ranks: give one of them");
		if (options->summary != SUMMARY_PATH && options->summary != SUMMARY_NAME)
			return usage(error, "--across-ranks wants --summary path or --summary name");
		options->compare = COMPARE_ACROSS;
	}
	if (options->compare && options->dst && output_is_directory(options->dst))
		return usage(error, "a comparison writes one table: -d must be a file or -, not a directory");
	return TRUE;
}

const struct catalogue *compare_catalogue(enum compare_mode mode)
{
	return mode == COMPARE_DIFF ? diff_catalogue() : ranks_catalogue();
}

/* DST as messages show it (src/output.h); valid until the next call. */
static const char *shown(const char *dst)
{
	static char *escaped;
	g_free(escaped);
	escaped = output_shown(dst);
	return strcmp(dst, "-") == 0 ? "standard output" : escaped;
}

/* ROWS into -d, in the format and columns of OPTIONS; none when RANKS's counts wrapped. */
static gboolean write_table(const struct options *options, const struct ranks *ranks, const GPtrArray *rows)
{
	g_autoptr(GError) error = NULL;
	if (ranks && ranks_wrapped(ranks)) {
		fprintf(stderr, "profile_parser: %s: the counts of a key add up past 2^63 - 1: a count would be wrong\n",
			shown(options->dst));
		return FALSE;
	}
	struct output out;
	struct layout layout = {
		.meta = (const struct meta_column *)options->meta->data,
		.meta_count = options->meta->len,
		.picked = options->columns,
	};
	struct write_config config = { .layout = &layout, .format = options->format, .sort = options->sort,
				       .top = options->top, .quiet = options->quiet };
	gboolean ok = output_open(&out, options->dst, options->compress, &error);
	if (ok && !write_rows(&out, &config, rows)) {
		g_set_error(&error, G_FILE_ERROR, G_FILE_ERROR_IO, "cannot write: %s", g_strerror(errno));
		output_abort(&out);
		ok = FALSE;
	}
	ok = ok && output_commit(&out, &error);
	if (!ok)
		fprintf(stderr, "profile_parser: %s: %s\n", shown(options->dst), error->message);
	return ok;
}

static void print_failures(GPtrArray *jobs)
{
	for (guint i = 0; i < jobs->len; i++) {
		const struct job *job = jobs->pdata[i];
		if (job->error)
			fprintf(stderr, "  failed: %s\n", job->error);
	}
}

static int finish_diff(const struct options *options, GPtrArray *jobs, guint failed)
{
	if (failed) {
		fprintf(stderr, "profile_parser: --diff: nothing written, %s trace%s failed\n", failed == 2 ? "both" : "a",
			failed == 2 ? "s" : "");
		print_failures(jobs);
		return EXIT_INPUT;
	}
	const struct collected *base = &((struct job *)jobs->pdata[0])->collected;
	const struct collected *new = &((struct job *)jobs->pdata[1])->collected;
	g_autoptr(GPtrArray) rows = diff_rows(base, new);
	if (!write_table(options, NULL, rows))
		return EXIT_INPUT;
	if (!options->quiet) {
		fprintf(stderr, "profile_parser: --diff: %u keys written to %s", rows->len, shown(options->dst));
		if (base->steps && new->steps)
			fprintf(stderr, "; times are per step (base: %u steps, new: %u)\n", base->steps, new->steps);
		else
			fprintf(stderr, "; times are totals (%s has no ProfilerStep#N)\n",
				base->steps ? "the new trace" : new->steps ? "the base trace" : "neither trace");
	}
	return EXIT_DONE;
}

void combine_collected(struct job *job, gpointer data)
{
	struct ranks *ranks = data;
	gint64 rank = rank_number(job->collected.rank, job->position);
	GHashTableIter iter;
	gpointer group;
	g_hash_table_iter_init(&iter, job->collected.groups);
	while (g_hash_table_iter_next(&iter, NULL, &group)) {
		const struct group *g = group;
		ranks_add(ranks, rank, g->key, g->key_len, g->count, g->host_total, g->device_total);
	}
	collected_clear(&job->collected); /* in RANKS now: the groups of thousands of ranks are never all held */
}

static int finish_across(const struct options *options, GPtrArray *jobs, guint failed, struct ranks *ranks)
{
	GPtrArray *rows = ranks_rows(ranks);
	gboolean written = failed < jobs->len && write_table(options, ranks, rows);
	if (written && (!options->quiet || failed))
		fprintf(stderr, "profile_parser: --across-ranks: %u keys of %u trace%s written to %s", rows->len,
			jobs->len - failed, jobs->len - failed == 1 ? "" : "s", shown(options->dst));
	if (written && failed)
		fprintf(stderr, "; %u failed:\n", failed);
	else if (written && !options->quiet)
		fputc('\n', stderr);
	else if (!written && failed == jobs->len)
		fprintf(stderr, "profile_parser: --across-ranks: nothing written, every trace failed:\n");
	print_failures(jobs);
	return failed || !written ? EXIT_INPUT : EXIT_DONE;
}

int combine_finish(const struct options *options, GPtrArray *jobs, guint failed, struct ranks *ranks)
{
	return options->compare == COMPARE_DIFF ? finish_diff(options, jobs, failed)
						: finish_across(options, jobs, failed, ranks);
}

static int compare_paths(gconstpointer a, gconstpointer b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The summaries --merge names: files, and the *.jsonl[.gz] of directories, sorted. */
static GPtrArray *summary_files(char **sources, GError **error)
{
	GPtrArray *files = g_ptr_array_new_with_free_func(g_free);
	for (char **source = sources; *source; source++) {
		if (!g_file_test(*source, G_FILE_TEST_IS_DIR)) {
			g_ptr_array_add(files, g_strdup(*source));
			continue;
		}
		g_autoptr(GDir) dir = g_dir_open(*source, 0, error);
		if (!dir) {
			g_prefix_error(error, "%s: ", *source);
			g_ptr_array_free(files, TRUE);
			return NULL;
		}
		g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func(g_free);
		for (const char *name; (name = g_dir_read_name(dir));)
			if (g_str_has_suffix(name, ".jsonl") || g_str_has_suffix(name, ".jsonl.gz"))
				g_ptr_array_add(found, g_build_filename(*source, name, NULL));
		if (!found->len) {
			g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "%s: a directory without summaries (*.jsonl)",
				    *source);
			g_ptr_array_free(files, TRUE);
			return NULL;
		}
		g_ptr_array_sort(found, compare_paths);
		for (guint i = 0; i < found->len; i++)
			g_ptr_array_add(files, g_steal_pointer(&found->pdata[i]));
	}
	return files;
}

int combine_merge(const struct options *options)
{
	g_autoptr(GError) error = NULL;
	g_autoptr(GPtrArray) files = summary_files(options->merge, &error);
	if (!files) {
		fprintf(stderr, "profile_parser: %s\n", error->message);
		return EXIT_INPUT;
	}
	struct ranks *ranks = ranks_new();
	guint failed = 0;
	for (guint i = 0; i < files->len; i++) {
		g_clear_error(&error);
		if (!merge_file(ranks, files->pdata[i], i, &error)) {
			g_autofree char *file = output_shown(files->pdata[i]);
			fprintf(stderr, "profile_parser: %s: %s\n", file, error->message);
			failed++;
		}
	}
	GPtrArray *rows = ranks_rows(ranks);
	gboolean written = failed < files->len && write_table(options, ranks, rows);
	if (written && (!options->quiet || failed))
		fprintf(stderr, "profile_parser: --merge: %u keys of %u summar%s written to %s%s\n", rows->len,
			files->len - failed, files->len - failed == 1 ? "y" : "ies", shown(options->dst),
			failed ? "; some failed (above)" : "");
	ranks_free(ranks);
	return failed || !written ? EXIT_INPUT : EXIT_DONE;
}
