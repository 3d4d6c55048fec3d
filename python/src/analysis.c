/* analysis: an Analysis holds the pp_analysis, the traces' paths as given
 * (a tuple of str) and a lock. Every call into the library that reads or
 * makes something (pp_analyze, pp_analysis_table, the report) runs with
 * the GIL released, the lock taken first without the GIL (so that two
 * Python threads using one Analysis take turns, and threads using two go
 * in parallel). */
#include "analysis.h"
#include "convert.h"
#include "errors.h"
#include "pythread.h"

typedef struct {
	PyObject_HEAD
	pp_analysis *analysis;
	PyObject *traces; /* tuple of str */
	PyThread_type_lock lock;
} Analysis;

static void analysis_dealloc(Analysis *self)
{
	pp_analysis_free(self->analysis);
	if (self->lock)
		PyThread_free_lock(self->lock);
	Py_XDECREF(self->traces);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The lock, taken with the GIL released; 0, or -1 with ValueError when
 * the analysis is closed. */
static int take(Analysis *self)
{
	Py_BEGIN_ALLOW_THREADS
	PyThread_acquire_lock(self->lock, WAIT_LOCK);
	Py_END_ALLOW_THREADS
	if (!self->analysis) {
		PyThread_release_lock(self->lock);
		PyErr_SetString(PyExc_ValueError, "the analysis is closed");
		return -1;
	}
	return 0;
}

/* TABLE (NULL: ERROR raised) as Python data; frees it; releases the lock. */
static PyObject *give(Analysis *self, pp_table *table, pp_error *error, int rows, int text)
{
	PyObject *result = !table ? raise_error(error) : rows ? convert_rows(table) : convert_table(table, text);
	pp_table_free(table);
	PyThread_release_lock(self->lock);
	return result;
}

PyDoc_STRVAR(table_doc,
"table($self, /, view='nodes', *, text=False)\n--\n\n"
"The table of VIEW, cell for cell the CSV that profile_parser writes with\n"
"the analysis's options and --summary VIEW: 'nodes' (the per-node rows, no\n"
"--summary), a --summary name ('path', 'name', 'step', 'kernel', 'perf',\n"
"'collective', 'timeline', 'idle', 'memory', 'rank', 'findings', 'gaps',\n"
"'critical'), or the comparison the options set ('diff', 'across_ranks').\n"
"Of several traces, the views that make one table of them (rank, findings,\n"
"memory, critical, a comparison) give it; for another view, see table_of.\n\n"
"A pandas.DataFrame when pandas imports: int64 columns for integers (Int64,\n"
"with <NA>, where a cell is empty), float64 for decimals (NaN where empty),\n"
"object columns of str for text (None where empty). Else a dict of lists,\n"
"column name to cells (int, float, str, None). text=True: every cell as\n"
"the CSV's exact text (str, None where empty).\n"
"Raises UsageError for a view that is not one.");

static PyObject *analysis_table(Analysis *self, PyObject *args, PyObject *kwargs)
{
	static char *keywords[] = {"view", "text", NULL};
	const char *view = "nodes";
	int text = 0;
	if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|s$p:table", keywords, &view, &text) || take(self) < 0)
		return NULL;
	pp_table *table;
	pp_error *error = NULL;
	Py_BEGIN_ALLOW_THREADS
	table = pp_analysis_table(self->analysis, view, &error);
	Py_END_ALLOW_THREADS
	return give(self, table, error, 0, text);
}

PyDoc_STRVAR(table_of_doc,
"table_of($self, /, trace, view='nodes', *, text=False)\n--\n\n"
"VIEW of trace number TRACE (0 up, in the order given to analyze) alone,\n"
"as profile_parser writes it with -s that trace: like table().");

static PyObject *analysis_table_of(Analysis *self, PyObject *args, PyObject *kwargs)
{
	static char *keywords[] = {"trace", "view", "text", NULL};
	Py_ssize_t trace;
	const char *view = "nodes";
	int text = 0;
	if (!PyArg_ParseTupleAndKeywords(args, kwargs, "n|s$p:table_of", keywords, &trace, &view, &text))
		return NULL;
	if (trace < 0 || trace >= PyTuple_GET_SIZE(self->traces)) {
		PyErr_Format(PyExc_IndexError, "no trace %zd: the analysis has %zd", trace, PyTuple_GET_SIZE(self->traces));
		return NULL;
	}
	if (take(self) < 0)
		return NULL;
	pp_table *table;
	pp_error *error = NULL;
	Py_BEGIN_ALLOW_THREADS
	table = pp_analysis_table_of(self->analysis, (size_t)trace, view, &error);
	Py_END_ALLOW_THREADS
	return give(self, table, error, 0, text);
}

static PyObject *analysis_findings(Analysis *self, void *closure)
{
	(void)closure;
	if (take(self) < 0)
		return NULL;
	pp_table *table;
	pp_error *error = NULL;
	Py_BEGIN_ALLOW_THREADS
	table = pp_analysis_findings(self->analysis, &error);
	Py_END_ALLOW_THREADS
	return give(self, table, error, 1, 0);
}

static PyObject *analysis_report(Analysis *self, void *closure)
{
	(void)closure;
	if (take(self) < 0)
		return NULL;
	const char *report = pp_analysis_report(self->analysis);
	PyObject *text = PyUnicode_DecodeUTF8(report, (Py_ssize_t)strlen(report), "replace");
	PyThread_release_lock(self->lock);
	return text;
}

static PyObject *analysis_traces(Analysis *self, void *closure)
{
	(void)closure;
	return Py_NewRef(self->traces);
}

PyDoc_STRVAR(close_doc, "close($self, /)\n--\n\nFrees the analysis now (also on leaving a with block); later calls raise ValueError.");

static PyObject *analysis_close(Analysis *self, PyObject *unused)
{
	(void)unused;
	Py_BEGIN_ALLOW_THREADS
	PyThread_acquire_lock(self->lock, WAIT_LOCK);
	Py_END_ALLOW_THREADS
	pp_analysis_free(self->analysis);
	self->analysis = NULL;
	PyThread_release_lock(self->lock);
	Py_RETURN_NONE;
}

static PyObject *analysis_enter(Analysis *self, PyObject *unused)
{
	(void)unused;
	return Py_NewRef((PyObject *)self);
}

static PyObject *analysis_exit(Analysis *self, PyObject *args)
{
	(void)args;
	return analysis_close(self, NULL);
}

static PyObject *analysis_repr(Analysis *self)
{
	return PyUnicode_FromFormat("<profile_parser.Analysis of %zd trace(s)%s>",
		PyTuple_GET_SIZE(self->traces), self->analysis ? "" : ", closed");
}

static PyMethodDef methods[] = {
	{"table", (PyCFunction)(void (*)(void))analysis_table, METH_VARARGS | METH_KEYWORDS, table_doc},
	{"table_of", (PyCFunction)(void (*)(void))analysis_table_of, METH_VARARGS | METH_KEYWORDS, table_of_doc},
	{"close", (PyCFunction)analysis_close, METH_NOARGS, close_doc},
	{"__enter__", (PyCFunction)analysis_enter, METH_NOARGS, NULL},
	{"__exit__", (PyCFunction)analysis_exit, METH_VARARGS, NULL},
	{NULL, NULL, 0, NULL},
};

static PyGetSetDef getset[] = {
	{"findings", (getter)analysis_findings, NULL,
		"The findings (SPEC 22): a list of dicts, one a finding, column name to\n"
		"value (int, float, str; None where empty), as --summary findings writes them.", NULL},
	{"report", (getter)analysis_report, NULL,
		"The report of the options' view and the warnings, as the program writes\n"
		"them on standard error (str).", NULL},
	{"traces", (getter)analysis_traces, NULL, "The traces' paths, as given to analyze (a tuple of str).", NULL},
	{NULL, NULL, NULL, NULL, NULL},
};

PyDoc_STRVAR(analysis_doc,
"An analysis of one or several traces, made by profile_parser.analyze():\n"
"the traces read once, their tables, findings and report made from it.\n"
"Methods and attributes: table(view), table_of(trace, view), findings,\n"
"report, traces, close(); usable in a with block. Its calls release the\n"
"GIL; one thread at a time works in one analysis (the others wait).");

static PyTypeObject analysis_type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "profile_parser.Analysis",
	.tp_basicsize = sizeof(Analysis),
	.tp_dealloc = (destructor)analysis_dealloc,
	.tp_repr = (reprfunc)analysis_repr,
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = analysis_doc,
	.tp_methods = methods,
	.tp_getset = getset,
};

PyObject *analysis_new(PyObject *names, const char *const *paths, size_t count, const pp_options *options)
{
	pp_analysis *analysis;
	pp_error *error = NULL;
	Py_BEGIN_ALLOW_THREADS
	analysis = pp_analyze(paths, count, options, &error);
	Py_END_ALLOW_THREADS
	if (!analysis)
		return raise_error(error);
	Analysis *self = PyObject_New(Analysis, &analysis_type);
	if (!self) {
		pp_analysis_free(analysis);
		return NULL;
	}
	self->analysis = analysis;
	self->traces = Py_NewRef(names);
	self->lock = PyThread_allocate_lock();
	if (!self->lock) {
		Py_DECREF(self);
		return PyErr_NoMemory();
	}
	return (PyObject *)self;
}

int analysis_add(PyObject *module)
{
	if (PyType_Ready(&analysis_type) < 0)
		return -1;
	return PyModule_AddObjectRef(module, "Analysis", (PyObject *)&analysis_type);
}
