/* analysis: the Analysis type, one pp_analysis of a list of traces (SPEC
 * 31). analyze(paths, **options) (module.c) sets the options (options.h)
 * and makes one with analysis_new, which reads the traces with the GIL
 * released. Its tables, findings and report come from
 * the kept analysis, each made with the GIL released under the analysis's
 * own lock (the library lets one thread at a time use an analysis). */
#ifndef PYPP_ANALYSIS_H
#define PYPP_ANALYSIS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "profile_parser.h"

/* Readies the type and adds it to MODULE; -1 on failure. */
int analysis_add(PyObject *module);
/* A new Analysis of the COUNT traces PATHS (the file system's bytes;
 * NAMES their tuple of str, kept) with OPTIONS (kept by the caller), read
 * with the GIL released; NULL with the library's error raised. */
PyObject *analysis_new(PyObject *names, const char *const *paths, size_t count, const pp_options *options);

#endif
