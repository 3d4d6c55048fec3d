/* convert: columns made one at a time. Numeric columns of a DataFrame are
 * bytearrays of n int64 or double values (and a mask of n bytes for an
 * integer column with an empty cell) filled in one pass over the rows
 * (the table keeps its cells row-major) with the GIL released, then
 * wrapped by numpy.frombuffer without a copy (pandas.arrays.IntegerArray
 * over values and mask where a cell is empty); text columns are lists of
 * str built with the GIL held. The frame is made from the columns keyed by
 * position (copy=False: no block copied), then given the names (so that a
 * name twice keeps both columns). O(rows x columns).
 * A cell's number is read from its text by Clinger's fast path where it
 * applies (a decimal whose digits m are at most 2^53 and at most 22 after
 * the point: m, an exact double, over 10^k, an exact double, is the
 * correctly rounded value, IEEE division being correctly rounded; an
 * integer of at most 18 digits), else by the library (pp_table_double,
 * pp_table_integer): the same values, several times faster than strtod
 * for the columns of a big table. */
#include "convert.h"
#include <glib.h>
#include <string.h>

PyObject *convert_cell(const pp_table *table, size_t row, size_t column, pp_type type)
{
	if (pp_table_is_empty(table, row, column))
		Py_RETURN_NONE;
	switch (type) {
	case PP_TYPE_INTEGER:
		return PyLong_FromLongLong(pp_table_integer(table, row, column));
	case PP_TYPE_DECIMAL:
		return PyFloat_FromDouble(pp_table_double(table, row, column));
	default: {
		const char *text = pp_table_text(table, row, column);
		return PyUnicode_DecodeUTF8(text, (Py_ssize_t)strlen(text), "replace");
	}
	}
}

/* A column's cells as a list. A text column's repeated texts (an op's
 * name on every call) are one str each: a hash table (GLib's) from the
 * cell's text to its str, given up after the first 4,096 rows if most of
 * them were new (args, timestamps). */
static PyObject *cell_list(const pp_table *table, size_t column, pp_type type)
{
	size_t rows = pp_table_rows(table), added = 0;
	PyObject *list = PyList_New((Py_ssize_t)rows);
	GHashTable *seen = type == PP_TYPE_TEXT && rows > 1 ? g_hash_table_new(g_str_hash, g_str_equal) : NULL;
	for (size_t row = 0; list && row < rows; row++) {
		PyObject *cell = NULL;
		if (seen && row == 4096 && added > 2048)
			g_clear_pointer(&seen, g_hash_table_destroy);
		if (seen && !pp_table_is_empty(table, row, column)) {
			const char *text = pp_table_text(table, row, column);
			cell = g_hash_table_lookup(seen, text);
			if (cell)
				Py_INCREF(cell);
			else if ((cell = PyUnicode_DecodeUTF8(text, (Py_ssize_t)strlen(text), "replace"))) {
				g_hash_table_insert(seen, (gpointer)text, cell); /* the list's reference */
				added++;
			}
		} else
			cell = convert_cell(table, row, column, type);
		if (!cell) {
			Py_CLEAR(list);
			break;
		}
		PyList_SET_ITEM(list, (Py_ssize_t)row, cell);
	}
	if (seen)
		g_hash_table_destroy(seen);
	return list;
}

/* The column names, as a list. */
static PyObject *names(const pp_table *table)
{
	size_t columns = pp_table_columns(table);
	PyObject *list = PyList_New((Py_ssize_t)columns);
	for (size_t c = 0; list && c < columns; c++) {
		PyObject *name = PyUnicode_FromString(pp_table_column_name(table, c));
		if (!name) {
			Py_CLEAR(list);
			break;
		}
		PyList_SET_ITEM(list, (Py_ssize_t)c, name);
	}
	return list;
}

static PyObject *as_dict(const pp_table *table, int text)
{
	PyObject *dict = PyDict_New();
	for (size_t c = 0; dict && c < pp_table_columns(table); c++) {
		pp_type type = text ? PP_TYPE_TEXT : pp_table_column_type(table, c);
		PyObject *cells = cell_list(table, c, type);
		if (!cells || PyDict_SetItemString(dict, pp_table_column_name(table, c), cells) < 0)
			Py_CLEAR(dict);
		Py_XDECREF(cells);
	}
	return dict;
}

static const double powers[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
				  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };

/* TEXT ("-"? digits ("." digits)?) as *VALUE by the fast path: 1, or 0
 * where it does not apply. */
static int fast_decimal(const char *text, double *value)
{
	const char *p = text;
	int negative = *p == '-', digits = 0, after = -1;
	uint64_t m = 0;
	p += negative;
	for (;; p++) {
		if (*p >= '0' && *p <= '9') {
			if (m || *p != '0')
				digits++;
			if (digits > 19) /* m stays within 64 bits */
				return 0;
			m = m * 10 + (uint64_t)(*p - '0');
			if (after >= 0)
				after++;
		} else if (*p == '.' && after < 0)
			after = 0;
		else
			break;
	}
	if (*p || p == text + negative || after == 0 || after > 22 || m > (UINT64_C(1) << 53))
		return 0;
	double v = (double)m / powers[after < 0 ? 0 : after];
	*value = negative ? -v : v;
	return 1;
}

/* TEXT ("-"? digits) as *VALUE: 1, or 0 where it does not apply. */
static int fast_integer(const char *text, int64_t *value)
{
	const char *start = text + (*text == '-'), *p = start;
	int64_t v = 0;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (p - start >= 18)
			return 0;
		v = v * 10 + (*p - '0');
	}
	if (*p || p == start)
		return 0;
	*value = *text == '-' ? -v : v;
	return 1;
}

/* A numeric column, filled without the GIL: values (and the count of
 * empty cells, whose mask bytes are 1). */
struct numeric {
	size_t column;
	pp_type type;
	PyObject *values, *mask; /* bytearrays */
	size_t empty;
};

/* The COUNT numeric columns N, row by row (the table's cells are kept
 * row-major: one pass over them). */
static void fill(const pp_table *table, struct numeric *n, size_t count)
{
	size_t rows = pp_table_rows(table);
	for (size_t i = 0; i < count; i++)
		n[i].empty = 0;
	for (size_t row = 0; row < rows; row++)
		for (size_t i = 0; i < count; i++) {
			const char *text = pp_table_text(table, row, n[i].column);
			if (n[i].type == PP_TYPE_INTEGER) {
				int64_t *values = (int64_t *)(void *)PyByteArray_AS_STRING(n[i].values);
				int empty = pp_table_is_empty(table, row, n[i].column);
				PyByteArray_AS_STRING(n[i].mask)[row] = (char)empty;
				n[i].empty += (size_t)empty;
				if (empty)
					values[row] = 0;
				else if (!fast_integer(text, &values[row]))
					values[row] = pp_table_integer(table, row, n[i].column);
			} else {
				double *values = (double *)(void *)PyByteArray_AS_STRING(n[i].values);
				if (!fast_decimal(text, &values[row]))
					values[row] = pp_table_double(table, row, n[i].column); /* NaN when empty */
			}
		}
}

/* numpy.frombuffer(VALUES, dtype), or IntegerArray(values, mask) for an
 * integer column with empty cells. */
static PyObject *wrap(PyObject *numpy, PyObject *pandas, const struct numeric *n)
{
	const char *dtype = n->type == PP_TYPE_INTEGER ? "int64" : "float64";
	PyObject *array = PyObject_CallMethod(numpy, "frombuffer", "Os", n->values, dtype);
	if (!array || n->type != PP_TYPE_INTEGER || !n->empty)
		return array;
	PyObject *mask = PyObject_CallMethod(numpy, "frombuffer", "Os", n->mask, "bool");
	PyObject *arrays = mask ? PyObject_GetAttrString(pandas, "arrays") : NULL;
	PyObject *result = arrays ? PyObject_CallMethod(arrays, "IntegerArray", "OO", array, mask) : NULL;
	Py_XDECREF(arrays);
	Py_XDECREF(mask);
	Py_DECREF(array);
	return result;
}

static PyObject *as_frame(const pp_table *table, int text, PyObject *pandas)
{
	size_t columns = pp_table_columns(table), rows = pp_table_rows(table);
	PyObject *numpy = PyImport_ImportModule("numpy");
	PyObject *data = numpy ? PyDict_New() : NULL, *frame = NULL;
	struct numeric *numeric = PyMem_Calloc(columns ? columns : 1, sizeof *numeric);
	size_t count = 0;
	if (!data || !numeric)
		goto out;
	for (size_t c = 0; c < columns; c++) {
		pp_type type = text ? PP_TYPE_TEXT : pp_table_column_type(table, c);
		if (type == PP_TYPE_TEXT)
			continue;
		struct numeric *n = &numeric[count++];
		n->column = c;
		n->type = type;
		n->values = PyByteArray_FromStringAndSize(NULL, (Py_ssize_t)(rows * 8));
		n->mask = PyByteArray_FromStringAndSize(NULL, (Py_ssize_t)rows);
		if (!n->values || !n->mask)
			goto out;
	}
	Py_BEGIN_ALLOW_THREADS
	fill(table, numeric, count);
	Py_END_ALLOW_THREADS
	for (size_t c = 0, i = 0; c < columns; c++) {
		/* a text column of no rows an empty object array (pandas makes
		 * an empty list float64) */
		PyObject *column = i < count && numeric[i].column == c ? wrap(numpy, pandas, &numeric[i++])
			: rows ? cell_list(table, c, PP_TYPE_TEXT) : PyObject_CallMethod(numpy, "empty", "is", 0, "O");
		PyObject *key = column ? PyLong_FromSize_t(c) : NULL;
		int failed = !key || PyDict_SetItem(data, key, column) < 0;
		Py_XDECREF(key);
		Py_XDECREF(column);
		if (failed)
			goto out;
	}
	/* the frame over the arrays themselves (copy=False: no block copied);
	 * text columns stay object columns of str */
	PyObject *list = names(table), *function = list ? PyObject_GetAttrString(pandas, "DataFrame") : NULL;
	PyObject *args = function ? PyTuple_Pack(1, data) : NULL, *kwargs = args ? Py_BuildValue("{s:O}", "copy", Py_False) : NULL;
	if (kwargs)
		frame = PyObject_Call(function, args, kwargs);
	Py_XDECREF(kwargs);
	Py_XDECREF(args);
	Py_XDECREF(function);
	if (frame && PyObject_SetAttrString(frame, "columns", list) < 0)
		Py_CLEAR(frame);
	Py_XDECREF(list);
out:
	for (size_t i = 0; numeric && i < columns; i++) {
		Py_XDECREF(numeric[i].values);
		Py_XDECREF(numeric[i].mask);
	}
	PyMem_Free(numeric);
	Py_XDECREF(data);
	Py_XDECREF(numpy);
	return frame;
}

PyObject *convert_table(const pp_table *table, int text)
{
	PyObject *pandas = PyImport_ImportModule("pandas");
	if (!pandas) {
		if (!PyErr_ExceptionMatches(PyExc_ImportError))
			return NULL;
		PyErr_Clear();
		return as_dict(table, text);
	}
	PyObject *frame = as_frame(table, text, pandas);
	Py_DECREF(pandas);
	return frame;
}

PyObject *convert_rows(const pp_table *table)
{
	size_t rows = pp_table_rows(table), columns = pp_table_columns(table);
	PyObject *list = PyList_New((Py_ssize_t)rows);
	for (size_t row = 0; list && row < rows; row++) {
		PyObject *dict = PyDict_New();
		for (size_t c = 0; dict && c < columns; c++) {
			PyObject *cell = convert_cell(table, row, c, pp_table_column_type(table, c));
			if (!cell || PyDict_SetItemString(dict, pp_table_column_name(table, c), cell) < 0)
				Py_CLEAR(dict);
			Py_XDECREF(cell);
		}
		if (!dict) {
			Py_CLEAR(list);
			break;
		}
		PyList_SET_ITEM(list, (Py_ssize_t)row, dict);
	}
	return list;
}
