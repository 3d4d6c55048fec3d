/* options: the keywords of analyze() as a pp_options, by the program's
 * long option names ("monitor_cat", "max_depth", "all_python_functions":
 * '_' and '-' alike). A value True is a flag; False and None leave the
 * option unset; a list or tuple is the option's comma list
 * (monitor_cat=["cpu_op", "user_annotation"]: -mc cpu_op,user_annotation),
 * but gives the one repeatable option, graph_capture, once per item;
 * str, int, float and os.PathLike values are given as their text. The
 * summary option is set first (columns and sort name its columns), the
 * others in the order given. */
#ifndef PYPP_OPTIONS_H
#define PYPP_OPTIONS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "profile_parser.h"

/* The options of KWARGS (NULL: none); NULL with an exception set (a
 * UsageError with the program's message for an option it refuses). */
pp_options *options_from(PyObject *kwargs);

#endif
