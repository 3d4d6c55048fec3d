#include "plan.h"
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "output.h"

void job_free(gpointer data)
{
	struct job *job = data;
	g_free(job->src);
	g_free(job->dst);
	g_free(job->error);
	if (job->report)
		g_string_free(job->report, TRUE);
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

static gboolean same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* PATHS without the traces named again (same text, or the same file by
 * another name or link): those are read once, said in NOTES. */
static GPtrArray *distinct_traces(const GPtrArray *paths, GString *notes)
{
	GPtrArray *kept = g_ptr_array_new();
	g_autofree struct stat *ids = g_new0(struct stat, paths->len);
	g_autofree gboolean *known = g_new0(gboolean, paths->len);
	for (guint i = 0; i < paths->len; i++) {
		const char *path = paths->pdata[i];
		known[kept->len] = regular_file(path, STDIN_FILENO, &ids[kept->len]);
		const char *first = NULL;
		for (guint k = 0; k < kept->len && !first; k++)
			if (strcmp(kept->pdata[k], path) == 0 || (known[k] && known[kept->len] && same_file(&ids[k], &ids[kept->len])))
				first = kept->pdata[k];
		if (first)
			g_string_append_printf(notes, "profile_parser: %s is %s again: read once\n", path, first);
		else
			g_ptr_array_add(kept, (gpointer)path);
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

/* Whether the file OUTPUT would replace is one of the inputs: a trace, the
 * Execution Trace, a file of names. */
static gboolean replaces_input(const char *output, const struct options *options, const GPtrArray *traces,
			       GError **error)
{
	struct stat out, in;
	if (!regular_file(output, STDOUT_FILENO, &out))
		return FALSE;
	GPtrArray *inputs = g_ptr_array_new();
	g_ptr_array_extend(inputs, (GPtrArray *)traces, NULL, NULL);
	const char *others[] = { options->et, options->opaque_file, options->exclude_file };
	for (gsize i = 0; i < G_N_ELEMENTS(others); i++)
		if (others[i])
			g_ptr_array_add(inputs, (gpointer)others[i]);
	const char *input = NULL;
	for (guint i = 0; i < inputs->len && !input; i++)
		if (regular_file(inputs->pdata[i], STDIN_FILENO, &in) && same_file(&in, &out))
			input = inputs->pdata[i];
	if (input)
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_EXIST, "the output %s is the input %s (the same file): it would be replaced",
			    strcmp(output, "-") == 0 ? "standard output" : output, strcmp(input, "-") == 0 ? "standard input" : input);
	g_ptr_array_free(inputs, TRUE);
	return input != NULL;
}

GPtrArray *plan_jobs(const struct options *options, const GPtrArray *paths, gboolean many, GString *notes,
		     GError **error)
{
	g_autoptr(GPtrArray) traces = distinct_traces(paths, notes);
	g_auto(GStrv) outputs = outputs_of(options, traces, many, notes);
	for (guint i = 0; i < traces->len; i++)
		if (replaces_input(outputs[i], options, traces, error))
			return NULL;
	GPtrArray *jobs = g_ptr_array_new_with_free_func(job_free);
	for (guint i = 0; i < traces->len; i++) {
		struct job *job = g_new0(struct job, 1);
		job->src = g_strdup(traces->pdata[i]);
		job->dst = g_strdup(outputs[i]);
		g_ptr_array_add(jobs, job);
	}
	return jobs;
}
