/* options: each keyword's value turned into text (PyObject_Str, or
 * os.fspath for a path) and given to pp_options_set, which checks it at
 * once as the program checks its command line. */
#include "options.h"
#include "errors.h"

/* Sets NAME to one VALUE (not a list); 0, or -1 with an exception. */
static int set_one(pp_options *options, const char *name, PyObject *value)
{
	pp_error *error = NULL;
	if (value == Py_None || value == Py_False)
		return 0;
	if (value == Py_True) {
		if (pp_options_set(options, name, NULL, &error) < 0)
			return raise_error(error), -1;
		return 0;
	}
	PyObject *text;
	if (PyUnicode_Check(value) || PyLong_Check(value) || PyFloat_Check(value))
		text = PyObject_Str(value);
	else if (PyObject_HasAttrString(value, "__fspath__")) {
		PyObject *path = PyOS_FSPath(value);
		text = path && PyBytes_Check(path) ? PyUnicode_DecodeFSDefaultAndSize(PyBytes_AS_STRING(path), PyBytes_GET_SIZE(path))
			: Py_XNewRef(path);
		Py_XDECREF(path);
	} else {
		PyErr_Format(PyExc_TypeError, "option %s: a str, a number, a path, True, a list of them, or None; not %.100s",
			name, Py_TYPE(value)->tp_name);
		return -1;
	}
	const char *utf8 = text ? PyUnicode_AsUTF8(text) : NULL;
	int status = utf8 ? pp_options_set(options, name, utf8, &error) : -1;
	Py_XDECREF(text);
	if (status < 0 && utf8)
		raise_error(error);
	return status;
}

/* Whether NAME is the program's one repeatable option (graph-capture: a
 * file each time); a list of any other is its comma list. */
static int repeatable(const char *name)
{
	return strcmp(name, "graph_capture") == 0 || strcmp(name, "graph-capture") == 0;
}

static int set(pp_options *options, const char *name, PyObject *value)
{
	if (!PyList_Check(value) && !PyTuple_Check(value))
		return set_one(options, name, value);
	PyObject *items = PySequence_Fast(value, "a list");
	if (!items)
		return -1;
	int status = 0;
	if (repeatable(name)) {
		for (Py_ssize_t i = 0; status == 0 && i < PySequence_Fast_GET_SIZE(items); i++)
			status = set_one(options, name, PySequence_Fast_GET_ITEM(items, i));
	} else {
		/* ",".join(str(item) for item in items) */
		PyObject *texts = PyList_New(0), *comma = PyUnicode_FromString(","), *joined = NULL;
		for (Py_ssize_t i = 0; texts && i < PySequence_Fast_GET_SIZE(items); i++) {
			PyObject *text = PyObject_Str(PySequence_Fast_GET_ITEM(items, i));
			if (!text || PyList_Append(texts, text) < 0)
				Py_CLEAR(texts);
			Py_XDECREF(text);
		}
		joined = texts && comma ? PyUnicode_Join(comma, texts) : NULL;
		status = joined ? set_one(options, name, joined) : -1;
		Py_XDECREF(joined);
		Py_XDECREF(comma);
		Py_XDECREF(texts);
	}
	Py_DECREF(items);
	return status;
}

pp_options *options_from(PyObject *kwargs)
{
	pp_options *options = pp_options_new();
	if (!options)
		return (pp_options *)PyErr_NoMemory();
	if (!kwargs)
		return options;
	PyObject *summary = PyDict_GetItemString(kwargs, "summary"); /* borrowed */
	if (summary && set(options, "summary", summary) < 0)
		goto failed;
	PyObject *key, *value;
	Py_ssize_t pos = 0;
	while (PyDict_Next(kwargs, &pos, &key, &value)) {
		const char *name = PyUnicode_AsUTF8(key);
		if (!name)
			goto failed;
		if (summary && strcmp(name, "summary") == 0)
			continue;
		if (set(options, name, value) < 0)
			goto failed;
	}
	return options;
failed:
	pp_options_free(options);
	return NULL;
}
