/* Input: a trace file's bytes, fed to a reader (src/input/read.c) in chunks of a
 * few megabytes. Plain or gzip alike (zlib's gzread), "-" for standard
 * input; progress reported as it goes; zlib's errors in words. read.h
 * includes this header: read_trace_file is the reader's entry point. */
#ifndef PP_INPUT_H
#define PP_INPUT_H

#include <glib.h>

struct read_config;
struct trace;

/* Reads the file at PATH ("-" is standard input), plain or gzip, into a
 * trace; NULL, with ERROR set, when it cannot be read or is not a trace. */
struct trace *read_trace_file(const char *path, const struct read_config *config, GError **error);

#endif
