#include "cli/plan.h"
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "output/output.h"
#include "output/output_names.h"

void job_free(gpointer data)
{
	struct job *job = data;
	g_free(job->src);
	g_free(job->dst);
	g_free(job->error);
	if (job->report)
		g_string_free(job->report, TRUE);
	collected_clear(&job->collected);
	if (job->fired)
		g_array_unref(job->fired);
	g_free(job);
}

/* The regular file PATH ("-": standard input or OUT_FD) names, through any
 * link: FALSE when there is none. Only regular files can be lost by being
 * replaced; a terminal can be both a trace's "-" and the output's. */
static gboolean regular_file(const char *path, int fd, struct stat *status)
{
	int got = strcmp(path, "-") == 0 ? fstat(fd, status) : stat(path, status);
	return got == 0 && S_ISREG(status->st_mode);
}

/* A file's identity (device and inode) as a hash key. */
static char *identity(const struct stat *status)
{
	return g_strdup_printf("%ju:%ju", (uintmax_t)status->st_dev, (uintmax_t)status->st_ino);
}

/* PATHS without the traces named again (same text, or the same file by
 * another name or link): those are read once, said in NOTES. Hashed, so
 * that thousands of ranks cost no more than their count. */
static GPtrArray *distinct_traces(const GPtrArray *paths, GString *notes)
{
	GPtrArray *kept = g_ptr_array_new();
	g_autoptr(GHashTable) by_name = g_hash_table_new(g_str_hash, g_str_equal);
	g_autoptr(GHashTable) by_identity = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	for (guint i = 0; i < paths->len; i++) {
		const char *path = paths->pdata[i];
		struct stat status;
		g_autofree char *id = regular_file(path, STDIN_FILENO, &status) ? identity(&status) : NULL;
		const char *first = g_hash_table_lookup(by_name, path);
		if (!first && id)
			first = g_hash_table_lookup(by_identity, id);
		if (first) {
			g_string_append_printf(notes, "profile_parser: %s is %s again: read once\n", path, first);
			continue;
		}
		g_ptr_array_add(kept, (gpointer)path);
		g_hash_table_insert(by_name, (gpointer)path, (gpointer)path);
		if (id)
			g_hash_table_insert(by_identity, g_steal_pointer(&id), (gpointer)path);
	}
	return kept;
}

/* The outputs of the traces TRACES: -d itself or DIR/STEM.EXT for one, a
 * unique name in the directory for each of many, the names that had to be
 * told apart in NOTES. */
static char **outputs_of(const struct options *options, const GPtrArray *traces, gboolean many, GString *notes)
{
	g_autofree char *extension = g_strconcat(options->format->extension, options->compress ? ".gz" : "", NULL);
	if (!many) { /* -d FILE, or -d DIR/ for one trace */
		char **outputs = g_new0(char *, 2);
		outputs[0] = output_path(options->dst, traces->pdata[0], extension);
		return outputs;
	}
	char **outputs = output_unique_paths(options->dst, (char *const *)traces->pdata, traces->len, extension);
	gboolean told = FALSE;
	for (guint i = 0; i < traces->len; i++) {
		g_autofree char *plain = output_path(options->dst, traces->pdata[i], extension);
		if (strcmp(plain, outputs[i]) == 0)
			continue;
		if (!told)
			g_string_append(notes, "profile_parser: traces of the same name, told apart by their folders:\n");
		told = TRUE;
		g_string_append_printf(notes, "  %s -> %s\n", (char *)traces->pdata[i], outputs[i]);
	}
	return outputs;
}

/* The regular files read, by identity: the traces, the Execution Trace,
 * the files of names, the capture traces. */
static GHashTable *inputs_by_identity(const struct options *options, const GPtrArray *traces)
{
	GHashTable *inputs = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	const char *others[] = { options->et, options->opaque_file, options->exclude_file };
	guint captures = options->graph_captures ? g_strv_length(options->graph_captures) : 0;
	for (guint i = 0; i < traces->len + G_N_ELEMENTS(others) + captures; i++) {
		const char *path = i < traces->len ? traces->pdata[i]
				   : i < traces->len + G_N_ELEMENTS(others) ? others[i - traces->len]
				   : options->graph_captures[i - traces->len - G_N_ELEMENTS(others)];
		struct stat status;
		if (path && regular_file(path, STDIN_FILENO, &status))
			g_hash_table_insert(inputs, identity(&status), (gpointer)path);
	}
	return inputs;
}

/* Whether the file OUTPUT would replace is one of INPUTS. */
static gboolean replaces_input(const char *output, GHashTable *inputs, GError **error)
{
	struct stat status;
	if (!regular_file(output, STDOUT_FILENO, &status))
		return FALSE;
	g_autofree char *id = identity(&status);
	const char *input = g_hash_table_lookup(inputs, id);
	if (input)
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_EXIST, "the output %s is the input %s (the same file): it would be replaced",
			    strcmp(output, "-") == 0 ? "standard output" : output, strcmp(input, "-") == 0 ? "standard input" : input);
	return input != NULL;
}

GPtrArray *plan_jobs(const struct options *options, const GPtrArray *paths, gboolean many, GString *notes,
		     GError **error)
{
	g_autoptr(GPtrArray) traces = distinct_traces(paths, notes);
	g_auto(GStrv) outputs = outputs_of(options, traces, many, notes);
	g_autoptr(GHashTable) inputs = inputs_by_identity(options, traces);
	for (guint i = 0; i < traces->len; i++)
		if (replaces_input(outputs[i], inputs, error))
			return NULL;
	GPtrArray *jobs = g_ptr_array_new_with_free_func(job_free);
	for (guint i = 0; i < traces->len; i++) {
		struct job *job = g_new0(struct job, 1);
		job->src = g_strdup(traces->pdata[i]);
		job->dst = g_strdup(outputs[i]);
		job->position = i; /* a trace without a rank is its place in the list (the gate's job rules) */
		g_ptr_array_add(jobs, job);
	}
	return jobs;
}

GPtrArray *plan_collect_jobs(const struct options *options, const GPtrArray *paths, GString *notes, GError **error)
{
	/* a diff of a trace with itself is a diff; a rank named twice is one rank */
	g_autoptr(GPtrArray) traces = NULL;
	if (options->compare == COMPARE_DIFF) {
		traces = g_ptr_array_new();
		for (guint i = 0; i < paths->len; i++)
			g_ptr_array_add(traces, paths->pdata[i]);
	} else {
		traces = distinct_traces(paths, notes);
	}
	g_autoptr(GHashTable) inputs = inputs_by_identity(options, traces);
	if (replaces_input(options->dst, inputs, error))
		return NULL;
	GPtrArray *jobs = g_ptr_array_new_with_free_func(job_free);
	for (guint i = 0; i < traces->len; i++) {
		struct job *job = g_new0(struct job, 1);
		job->src = g_strdup(traces->pdata[i]);
		job->collect = TRUE;
		job->position = i;
		g_ptr_array_add(jobs, job);
	}
	return jobs;
}
