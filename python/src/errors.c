/* errors: the exception classes made at import with PyErr_NewExceptionWithDoc,
 * bases (ProfileParserError, OSError) and (ProfileParserError, ValueError);
 * a pp_error becomes the class of its code, raised with its message, and
 * carries .code (1 input, 2 usage) as the program's exit status. */
#include "errors.h"

static PyObject *base_error, *input_error, *usage_error;

static PyObject *make(PyObject *module, const char *name, const char *doc, PyObject *bases, long code)
{
	PyObject *cls = PyErr_NewExceptionWithDoc(name, doc, bases, NULL);
	if (!cls)
		return NULL;
	PyObject *value = PyLong_FromLong(code);
	int failed = !value || PyObject_SetAttrString(cls, "code", value) < 0;
	Py_XDECREF(value);
	if (failed || PyModule_AddObjectRef(module, strrchr(name, '.') + 1, cls) < 0) {
		Py_DECREF(cls);
		return NULL;
	}
	return cls;
}

int errors_add(PyObject *module)
{
	base_error = make(module, "profile_parser.ProfileParserError",
		"An error of profile_parser: .code is the program's exit status\n"
		"(1 input, 2 usage), str() its message.", NULL, 0);
	if (!base_error)
		return -1;
	PyObject *bases = Py_BuildValue("(OO)", base_error, PyExc_OSError);
	if (!bases)
		return -1;
	input_error = make(module, "profile_parser.InputError",
		"A trace, or a file an option names, cannot be read or is not what it\n"
		"should be (the program's exit status 1). Also an OSError.", bases, PP_ERROR_INPUT);
	Py_DECREF(bases);
	if (!input_error)
		return -1;
	bases = Py_BuildValue("(OO)", base_error, PyExc_ValueError);
	if (!bases)
		return -1;
	usage_error = make(module, "profile_parser.UsageError",
		"An option, its value, a view or an argument is wrong (the program's\n"
		"exit status 2). Also a ValueError.", bases, PP_ERROR_USAGE);
	Py_DECREF(bases);
	return usage_error ? 0 : -1;
}

PyObject *raise_error(pp_error *error)
{
	if (!error) {
		if (!PyErr_Occurred())
			PyErr_SetString(base_error, "unknown error");
		return NULL;
	}
	pp_code code = pp_error_code(error);
	PyObject *cls = code == PP_ERROR_INPUT ? input_error : code == PP_ERROR_USAGE ? usage_error : base_error;
	PyObject *message = PyUnicode_DecodeUTF8(pp_error_message(error), (Py_ssize_t)strlen(pp_error_message(error)), "replace");
	pp_error_free(error);
	if (message) {
		PyErr_SetObject(cls, message);
		Py_DECREF(message);
	}
	return NULL;
}
