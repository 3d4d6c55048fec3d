/* module: profile_parser, the Python binding of libprofile_parser (SPEC 31):
 * analyze(paths, **options) -> Analysis, the exceptions, __version__.
 * The paths (a str or os.PathLike, or a list of them) are converted to the
 * file system's bytes, and pp_analyze reads them with the GIL released. */
#include "analysis.h"
#include "errors.h"
#include "options.h"

PyDoc_STRVAR(module_doc,
"profile_parser: the analysis of PyTorch profiler traces, from Python.\n\n"
"The C core of the profile_parser program (libprofile_parser) with the same\n"
"options and figures, giving pandas DataFrames:\n\n"
"    import profile_parser\n"
"    a = profile_parser.analyze('trace.json.gz', monitor_cat=['cpu_op', 'user_annotation'])\n"
"    a.table('name').nlargest(5, 'device total(ms)')   # top ops by device time\n"
"    a.findings                                        # a list of dicts\n"
"    print(a.report)                                   # the report's text\n\n"
"analyze(paths, **options) reads the traces once and returns an Analysis;\n"
"its table(view) equals, cell for cell, the CSV that profile_parser writes\n"
"with the same options and --summary VIEW. Errors raise ProfileParserError\n"
"(InputError, also an OSError, for a trace that cannot be read; UsageError,\n"
"also a ValueError, for a wrong option or view) with the program's message.\n"
"See profile_parser(1) for the options and views, profile_parser(3) for the\n"
"C library.");

PyDoc_STRVAR(analyze_doc,
"analyze(paths, /, **options)\n--\n\n"
"Reads PATHS (a trace's path, plain or gzip Chrome-trace JSON, or a list of\n"
"them) once, with OPTIONS, the program's long options by name, '-' written\n"
"'_': monitor_cat='cpu_op', max_depth=3, all_python_functions=True (a\n"
"flag), summary='name' (the view of .report), peaks=path... A list is the\n"
"option's comma list (monitor_cat=['cpu_op', 'user_annotation']), or, for\n"
"graph_capture, the option once per item; False or None leaves it unset.\n"
"Refused, as the library has no use for them: src, dst, format, compress,\n"
"jobs, quiet, help, version, junit, merge.\n\n"
"Returns an Analysis. Raises UsageError (a ValueError) for a wrong option\n"
"or value, InputError (an OSError) for a trace that cannot be read, with\n"
"the program's message. The GIL is released while the traces are read.");

/* PATH (str or os.PathLike) as the file system's bytes, and as str into
 * the tuple NAMES at I. */
static PyObject *one_path(PyObject *path, PyObject *names, Py_ssize_t i)
{
	PyObject *bytes = NULL;
	if (!PyUnicode_FSConverter(path, &bytes))
		return NULL;
	PyObject *name = PyUnicode_DecodeFSDefaultAndSize(PyBytes_AS_STRING(bytes), PyBytes_GET_SIZE(bytes));
	if (!name) {
		Py_DECREF(bytes);
		return NULL;
	}
	PyTuple_SET_ITEM(names, i, name);
	return bytes;
}

static PyObject *analyze(PyObject *module, PyObject *args, PyObject *kwargs)
{
	(void)module;
	PyObject *paths;
	if (!PyArg_ParseTuple(args, "O:analyze", &paths))
		return NULL;
	int single = PyUnicode_Check(paths) || PyBytes_Check(paths) || PyObject_HasAttrString(paths, "__fspath__");
	PyObject *items = single ? PyTuple_Pack(1, paths) : PySequence_Tuple(paths);
	if (!items)
		return NULL;
	Py_ssize_t count = PyTuple_GET_SIZE(items);
	PyObject *names = PyTuple_New(count), *bytes = PyList_New(count), *result = NULL;
	const char **argv = PyMem_Calloc((size_t)count + 1, sizeof *argv);
	pp_options *options = NULL;
	if (!names || !bytes || !argv)
		goto out;
	if (count == 0) {
		PyErr_SetString(PyExc_ValueError, "analyze: no trace given");
		goto out;
	}
	for (Py_ssize_t i = 0; i < count; i++) {
		PyObject *b = one_path(PyTuple_GET_ITEM(items, i), names, i);
		if (!b)
			goto out;
		PyList_SET_ITEM(bytes, i, b);
		argv[i] = PyBytes_AS_STRING(b);
	}
	options = options_from(kwargs);
	if (!options)
		goto out;
	result = analysis_new(names, argv, (size_t)count, options);
out:
	pp_options_free(options);
	PyMem_Free(argv);
	Py_XDECREF(bytes);
	Py_XDECREF(names);
	Py_DECREF(items);
	return result;
}

static PyMethodDef module_methods[] = {
	{"analyze", (PyCFunction)(void (*)(void))analyze, METH_VARARGS | METH_KEYWORDS, analyze_doc},
	{NULL, NULL, 0, NULL},
};

static int exec_module(PyObject *module)
{
	if (errors_add(module) < 0 || analysis_add(module) < 0)
		return -1;
	return PyModule_AddStringConstant(module, "__version__", pp_version());
}

static PyModuleDef_Slot slots[] = {
	{Py_mod_exec, exec_module},
	{0, NULL},
};

static struct PyModuleDef module_def = {
	PyModuleDef_HEAD_INIT,
	.m_name = "profile_parser",
	.m_doc = module_doc,
	.m_size = 0,
	.m_methods = module_methods,
	.m_slots = slots,
};

PyMODINIT_FUNC PyInit_profile_parser(void)
{
	return PyModuleDef_Init(&module_def);
}
