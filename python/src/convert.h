/* convert: a pp_table as Python data (SPEC 31). With pandas, a DataFrame
 * whose columns keep the table's types: int64 for integer columns (pandas'
 * nullable Int64 where a cell is empty, <NA>), float64 for decimal ones
 * (NaN where empty), object columns of str (None where empty) for text;
 * without pandas (it does not import), a dict of lists, column name to
 * cells (int, float, str; None where empty). TEXT set: every cell as the
 * CSV writes it, a str (None where empty), whatever the column's type.
 * The numbers of every numeric column are read from the table with the GIL
 * released, straight into the buffers numpy wraps. */
#ifndef PYPP_CONVERT_H
#define PYPP_CONVERT_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "profile_parser.h"

/* TABLE (kept: the caller frees it) as a DataFrame or a dict of lists; a
 * new reference, or NULL with an exception set. */
PyObject *convert_table(const pp_table *table, int text);
/* TABLE's rows as a list of dicts, column name to cell. */
PyObject *convert_rows(const pp_table *table);
/* The cell as a Python value (int, float, str; None when empty). */
PyObject *convert_cell(const pp_table *table, size_t row, size_t column, pp_type type);

#endif
