/* profile_parser.h: libprofile_parser, the analysis of PyTorch profiler
 * traces (Chrome-trace JSON, plain or gzip) as a C library (SPEC 31;
 * profile_parser(3) documents it). Options are the command line's long
 * options by name; an analysis reads its traces once; any view's table
 * comes from it with typed columns, cell for cell the CSV that
 * profile_parser(1) writes with the same options; errors are a code and
 * the program's message. The library never prints, exits on an error of
 * its input, or touches signals; independent analyses may run in
 * parallel threads (one analysis is one thread's at a time). Every name
 * starts with pp_; no other symbol is exported. */
#ifndef PROFILE_PARSER_H
#define PROFILE_PARSER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The library's version, as profile_parser --version says it ("1.0.0"). */
const char *pp_version(void);

/* The program's exit statuses, as error codes. */
typedef enum {
	PP_OK = 0,
	PP_ERROR_INPUT = 1, /* a trace (or a file an option names) cannot be read or is not what it should be */
	PP_ERROR_USAGE = 2, /* an option, its value, a view or an argument is wrong */
} pp_code;

typedef struct pp_error pp_error;
pp_code pp_error_code(const pp_error *error);
/* The program's message, without its "profile_parser: " (one line, or a
 * few for a run of several traces). */
const char *pp_error_message(const pp_error *error);
void pp_error_free(pp_error *error);

typedef struct pp_options pp_options;
pp_options *pp_options_new(void);
/* Sets the command line's long option NAME ('-' and '_' alike, without
 * the dashes: "monitor_cat", "max-depth", "summary", "columns", "sort",
 * "top", "step", "all-python-functions"...) to VALUE, or NULL for a flag.
 * Repeatable options accumulate. The program's checks apply at once:
 * 0 when set, else -1 and *ERROR (PP_ERROR_USAGE, the program's message;
 * ERROR may be NULL). Refused by name: src, dst, format, compress, jobs,
 * quiet, help, version, junit and merge (what the library writes is its
 * tables and text, one format, of the traces given to pp_analyze). */
int pp_options_set(pp_options *options, const char *name, const char *value, pp_error **error);
void pp_options_free(pp_options *options);

typedef struct pp_analysis pp_analysis;
/* Reads PATHS (COUNT traces: plain or gzip JSON files; "-" is standard
 * input) once, with OPTIONS (NULL: none), and makes the report of the
 * options' view; NULL and *ERROR on failure (the program's message).
 * Every trace is read with what any view may need (args, memory and step
 * events, every category a view monitors), so that each table reads no
 * file again. Thread-safe: independent analyses may run in parallel. */
pp_analysis *pp_analyze(const char *const *paths, size_t count, const pp_options *options, pp_error **error);
size_t pp_analysis_traces(const pp_analysis *analysis);
/* The report and the warnings the program writes on standard error for
 * this analysis (its options' view), never NULL. */
const char *pp_analysis_report(const pp_analysis *analysis);
void pp_analysis_free(pp_analysis *analysis);

typedef enum {
	PP_TYPE_INTEGER, /* counts, bytes, ids */
	PP_TYPE_DECIMAL, /* durations (ms), timestamps (us), percentages, ratios: exact decimal text, and a double */
	PP_TYPE_TEXT,    /* names, literals, lists, and columns whose cells mix kinds */
} pp_type;

typedef struct pp_table pp_table;
/* The table of VIEW: "nodes" (the per-node rows: no --summary), a
 * --summary name ("path", "name", "step", "kernel", "perf",
 * "collective", "timeline", "idle", "memory", "rank", "findings", "gaps",
 * "critical"), or the comparison the options set ("diff",
 * "across_ranks"). Its columns and rows are those of the program's CSV
 * with the same options and --summary VIEW, cell for cell. Of several
 * traces, the views that make one table of them (rank, findings, memory,
 * critical, and any view compared) give it; a per-trace view is an error
 * that says so: see pp_analysis_table_of. NULL and *ERROR on failure. */
pp_table *pp_analysis_table(pp_analysis *analysis, const char *view, pp_error **error);
/* VIEW of trace number TRACE (0 up) alone, as the program writes it with
 * -s that trace. */
pp_table *pp_analysis_table_of(pp_analysis *analysis, size_t trace, const char *view, pp_error **error);
/* The findings (SPEC 22): pp_analysis_table(analysis, "findings"). */
pp_table *pp_analysis_findings(pp_analysis *analysis, pp_error **error);

size_t pp_table_columns(const pp_table *table);
const char *pp_table_column_name(const pp_table *table, size_t column);
pp_type pp_table_column_type(const pp_table *table, size_t column);
size_t pp_table_rows(const pp_table *table);
/* Whether the cell is empty (the CSV's empty field). */
int pp_table_is_empty(const pp_table *table, size_t row, size_t column);
/* The cell as the CSV writes it, without its quotes: exact; "" when empty. */
const char *pp_table_text(const pp_table *table, size_t row, size_t column);
/* An integer cell's value (0 when empty or not a whole number). */
int64_t pp_table_integer(const pp_table *table, size_t row, size_t column);
/* A number cell's value as a double (NaN when empty or not a number). */
double pp_table_double(const pp_table *table, size_t row, size_t column);
void pp_table_free(pp_table *table);

#ifdef __cplusplus
}
#endif

#endif
