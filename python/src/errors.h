/* errors: the module's exceptions, one class per pp_code (SPEC 31):
 * ProfileParserError, and under it InputError (also an OSError: a trace
 * or a file cannot be read or is not what it should be, the program's
 * exit status 1) and UsageError (also a ValueError: an option, its value
 * or a view is wrong, exit status 2). raise_error maps a pp_error to its
 * class and the program's message (without "profile_parser: "), with the
 * code as the exception's .code. */
#ifndef PYPP_ERRORS_H
#define PYPP_ERRORS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "profile_parser.h"

/* Creates the classes and adds them to MODULE; -1 on failure. */
int errors_add(PyObject *module);
/* Raises ERROR's exception and frees ERROR; returns NULL. */
PyObject *raise_error(pp_error *error);

#endif
