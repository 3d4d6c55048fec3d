/* The fast reading of events (src/input/fastev.c) against json-c's
 * (src/input/extract.c), by tests/unit/fastev_diff.h, on a table of
 * hand-written elements and on the scanner's bounds: the table also says
 * which elements the fast path must take and which it must leave to json-c.
 * (Generated elements: tests/unit/test_fastev_gen.c.) */
#include "fastev_diff.h"

#define EV_OPEN "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::mm\", \"pid\": 1, \"tid\": 2, \"ts\": 10, \"dur\": 5"
#define EV(args) EV_OPEN args "}"

static const struct {
	const char *text;
	enum expect expect;
} table[] = {
	/* plain events */
	{ EV(""), TAKEN },
	{ EV(", \"args\": {}"), TAKEN },
	{ EV(", \"args\": null"), TAKEN },
	{ EV(", \"args\": {\"External id\": 3073, \"Ev Idx\": 0, \"Fwd thread id\": 1}"), TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":1.5,\"dur\":3,"
	  "\"args\":{\"device\":1,\"correlation\":99,\"grid\":[1,2,3],\"blocks per SM\":0.3}}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaLaunchKernel\",\"pid\":5,\"tid\":5,\"ts\":1,\"dur\":2,"
	  "\"args\":{\"correlation\":12,\"kernel\":\"my_kernel\",\"cbid\":211}}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"Runtime\",\"name\":\"launch\",\"pid\":5,\"tid\":5,\"ts\":1,\"dur\":2,\"args\":{\"correlation\":-4}}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"Kernel\",\"name\":\"k\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2,\"args\":{\"device\":70000}}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2,\"args\":{\"device\":-1}}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2,\"args\":{\"device\":1.0}}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"gpu_memcpy\",\"name\":\"m\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}", TAKEN }, /* no role */
	{ "{\"ph\":\"X\",\"cat\":\"python_function\",\"name\":\"foo.py(1): f\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"python_function\",\"name\":\"nn.Module: Linear\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}", TAKEN },
	{ " \n{ \"ph\" : \"X\" , \"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":1,\"dur\":2 } \r\n", TAKEN },
	{ EV(", \"id\": 5, \"bp\": \"e\", \"s\": [1, {\"a\": null}]"), TAKEN },
	/* strings: escapes, unicode, invalid UTF-8, raw control characters */
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"a\\\"b\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"\\u00e9t\\u00e9\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}", DECLINED },
	{ EV(", \"args\": {\"s\": \"x\\ny\"}"), DECLINED },
	{ EV(", \"args\": {\"s\": \"\\ud83d\\ude00\"}"), DECLINED },
	{ EV(", \"args\": {\"k\\u0041\": 1}"), DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"\xc3\xa9t\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"bad\xff\xfe name\xc3\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}", TAKEN },
	{ EV(", \"args\": {\"s\": \"bad\xff\", \"Input type\": [\"x\xc0\"], \"q\": \"it's\", \"r\": \"say \\\"\"}"), DECLINED },
	{ EV(", \"args\": {\"s\": \"bad\xff\", \"Input type\": [\"x\xc0\"], \"q\": \"it's\", \"w\": \"\xe2\x80\xa8 \x7f\"}"), TAKEN },
	{ EV(", \"args\": {\"tab\": \"a\tb\x01\", \"both\": \"'\\\"\"}"), DECLINED },
	{ EV(", \"args\": {\"tab\": \"a\tb\x01\", \"quote\": \"'\"}"), TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":\"host\xff\",\"tid\":\"\xc3\",\"ts\":1,\"dur\":2}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"l\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2,\"args\":{\"kernel\":\"k\xfe\"}}", TAKEN },
	/* args read without their literal where none is kept (the drop_args setups): invalid UTF-8 in keys,
	 * nested values and strings counted as the literal counts it; args before the category; a
	 * record_param_comms op, whose args keep_comms_args keeps */
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"record_param_comms\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2,"
	  "\"args\":{\"Collective name\":\"allreduce\",\"k\xff\":[[\"a\xfe\", true, null, -1.5]]}}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":1,\"dur\":2,"
	  "\"args\":{\"device\":0,\"grid\":[[[\"\xc3\"]]],\"o\":{\"p\xff\":{\"q\":null,\"r\":[]}},\"e\":{}}}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":1,\"dur\":2,\"args\":{\"device\":0,\"k\xff\":1}}", TAKEN },
	{ EV(", \"args\": {\"o\": {\"k\xc3\": 1}}"), TAKEN },
	{ "{\"ph\":\"X\",\"args\":{\"s\":\"bad\xff\",\"External id\":9},\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaLaunchKernel\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2,"
	  "\"args\":{\"correlation\":3,\"kernel\":\"k\",\"s\":\"\xe2\x82\",\"l\":[1,[2,[\"\xf0\x9f\"]]]}}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"l\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2,\"args\":{\"a\":[1,]}}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"l\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2,\"args\":{\"a\":{\"b\":1,\"b\":2}}}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"l\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2,\"args\":{\"a\":[tru]}}", DECLINED },
	/* numbers of every form */
	{ EV(", \"args\": {\"a\": 0, \"b\": -12, \"c\": 123456789012345678, \"d\": -123456789012345678}"), TAKEN },
	{ EV(", \"args\": {\"a\": 1234567890123456789}"), TAKEN },
	{ EV(", \"args\": {\"a\": 18446744073709551615}"), TAKEN },
	{ EV(", \"args\": {\"a\": 99999999999999999999999}"), TAKEN },
	{ EV(", \"args\": {\"a\": -0}"), DECLINED },
	{ EV(", \"args\": {\"a\": 01}"), DECLINED },
	{ EV(", \"args\": {\"a\": 1.}"), DECLINED },
	{ EV(", \"args\": {\"a\": NaN}"), DECLINED },
	{ EV(", \"args\": {\"a\": -Infinity}"), DECLINED },
	{ EV(", \"args\": {\"a\": 0.1, \"b\": -0.0, \"c\": 1e5, \"d\": 1E-5, \"e\": 2.50, \"f\": 1e+16, \"g\": 123456789.123456789}"), TAKEN },
	{ EV(", \"args\": {\"a\": 0.30000000000000004, \"b\": 1e-7, \"c\": 5e-324, \"d\": 1.7976931348623157e308}"), DECLINED },
	{ EV(", \"args\": {\"a\": 0.30000000000000004, \"b\": 1e-7, \"c\": 5e-32, \"d\": 1.7976931348623157e30}"), TAKEN },
	{ EV(", \"args\": {\"a\": 1e400}"), DECLINED },
	{ EV(", \"args\": {\"a\": 0.000000000000000000000000000000000000000000001}"), DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":\"12.5\",\"dur\":\" 2 \"}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":1.0005,\"dur\":2.0004}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":1e3,\"dur\":2E-1}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":-5,\"dur\":2}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":-2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":9223372036854775,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":\"x\",\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":null,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":true,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":-3,\"tid\":\"07\",\"ts\":1,\"dur\":2}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":null,\"ts\":1,\"dur\":2}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1.5,\"tid\":1,\"ts\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":true,\"tid\":1,\"ts\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":12,\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2,\"args\":{\"correlation\":\"12\"}}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2,\"args\":{\"correlation\":true}}", TAKEN },
	/* args: lists, null, true, false, floats, nesting; the extras' members */
	{ EV(", \"args\": {\"Input Dims\": [[1, 2], [], [3]], \"Input type\": [\"float\", \"\", \"Scalar\"], "
	     "\"Concrete Inputs\": [\"\", \"1\", \"False\"], \"Record function id\": 5, \"External id\": 6, "
	     "\"flag\": true, \"off\": false, \"none\": null, \"f\": 0.5, \"nest\": {\"a\": [{}, [[]], {\"b\": {}}]}}"), TAKEN },
	{ EV(", \"args\": {\"Input Dims\": [[], []], \"External id\": 6}"), TAKEN },
	{ EV(", \"args\": {\"Input Dims\": [], \"Record function id\": null, \"External id\": 6}"), TAKEN },
	{ EV(", \"args\": {\"Input dims\": [[], [1]], \"Record function id\": \"5\"}"), TAKEN },
	{ EV(", \"args\": {\"Input Dims\": null, \"Input dims\": [[2]]}"), TAKEN },
	{ EV(", \"args\": {\"Input Dims\": [[], [], 3]}"), TAKEN },
	{ EV(", \"args\": {\"Input Dims\": \"[]\"}"), TAKEN },
	{ EV(", \"args\": {\"Input Dims\": [[ ] , [ ]]}"), TAKEN },
	{ EV(", \"args\": {\"Input Dims\": {}}"), TAKEN },
	{ EV(", \"args\": [1, 2]"), DECLINED },
	{ EV(", \"args\": \"text\""), DECLINED },
	/* duplicate keys, missing members */
	{ EV(", \"args\": {\"a\": 1, \"a\": 2}"), DECLINED },
	{ EV(", \"args\": {\"n\": {\"a\": 1, \"b\": 2, \"a\": 3}}"), DECLINED },
	{ EV(", \"ts\": 11"), DECLINED },
	{ EV(", \"other\": 1, \"other\": 2"), EITHER },
	{ "{\"ph\":\"X\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":1,\"dur\":2}", TAKEN },
	{ "{\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"B\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":1}", DECLINED },
	{ "{\"ph\":\"i\",\"cat\":\"cpu_instant_event\",\"name\":\"[memory]\",\"ts\":1}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"ProfilerStep#3\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}", EITHER },
	{ "{\"ph\":\"X\",\"cat\":5,\"name\":\"n\",\"ts\":1,\"dur\":2}", DECLINED },
	/* keys that differ by case or are escaped, the aliases and their precedence */
	{ "{\"ph\":\"X\",\"Cat\":\"cpu_op\",\"name\":\"n\",\"ts\":1,\"dur\":2}", DECLINED },
	{ EV(", \"Args\": {\"correlation\": 1}, \"PID\": 9, \"Ts\": 3, \"NAME\": \"m\""), TAKEN },
	{ "{\"\\u0070h\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":1,\"dur\":2}", DECLINED },
	{ EV(", \"args\": {\"input dims\": [[1]], \"Input Type\": [\"f\"], \"external id\": 4, \"Correlation\": 5}"), TAKEN },
	{ EV(", \"args\": {\"Input Dims\": [[]], \"Input dims\": [[2]], \"External id\": \"6\"}"), TAKEN },
	{ EV(", \"args\": {\"Input dims\": [[2]], \"Input Dims\": [[]], \"Record function id\": 5.0, \"External id\": 6}"), TAKEN },
	{ EV(", \"args\": {\"External id\": 6, \"Record function id\": -123456789012345678}"), TAKEN },
	{ EV(", \"args\": {\"Record function id\": true, \"External id\": 6}"), TAKEN },
	{ EV(", \"args\": null, \"args\": {}"), DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"Operator\",\"name\":\"n\",\"pid\":\"CPU functions\",\"tid\":\"CPU functions\",\"ts\":1,\"dur\":2}", TAKEN },
	{ "{\"ph\":\"X\",\"name\":\"n\",\"pid\":\"CPU functions\",\"tid\":1,\"ts\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":null,\"name\":\"n\",\"pid\":\"CPU functions\",\"tid\":1,\"ts\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"OPERATOR\",\"name\":\"n\",\"ts\":1,\"dur\":2}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"Kernel\",\"name\":\"k\",\"ts\":1,\"dur\":2,\"args\":{\"device\":65535,\"correlation\":null}}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"ts\":1,\"dur\":2,\"args\":{\"device\":65536,\"correlation\":1.5}}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"ts\":1,\"dur\":2,\"args\":{\"device\":0,\"correlation\":-0.0}}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"ts\":1,\"dur\":2,\"args\":{\"device\":\"0\"}}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"l\",\"ts\":1,\"dur\":2,\"args\":{\"kernel\":\"\"}}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"l\",\"ts\":1,\"dur\":2,\"args\":{\"kernel\":\"k\x01\t\xed\xa0\x80\"}}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"l\",\"ts\":1,\"dur\":2,\"args\":{\"kernel\":[\"k\"]}}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"l\",\"ts\":1,\"dur\":2,\"args\":{\"kernel\":\"k\\u0000x\"}}", DECLINED },
	/* phases, names */
	{ "{\"ph\":\"x\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"XX\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":null,\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"\",\"ts\":1,\"dur\":2}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":null,\"ts\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"ProfilerStep#\",\"ts\":1,\"dur\":2}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"python_function\",\"name\":\"nn.Module\",\"ts\":1,\"dur\":2}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"python_function\",\"name\":\"nn.Modul\",\"ts\":1,\"dur\":2}", TAKEN },
	/* strings: encoded surrogates, overlong forms, past U+10FFFF, noncharacters, private use, NBSP, soft hyphen, DEL */
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"\xed\xa0\x80 \xc0\xaf \xf4\x90\x80\x80 \xef\xbf\xbe\",\"pid\":\"\xee\x80\x80\",\"tid\":\"\x7f\",\"ts\":1,\"dur\":2}", TAKEN },
	{ EV(", \"args\": {\"\xc2\xa0\": \"\xc2\xad \xcc\x81 \xe2\x80\x8b \xf0\x9f\x98\x80 \x1f\x7f\", \"\x01\": [\"\xed\xbf\xbf\", \"\xf8\x88\x80\x80\x80\"]}"), TAKEN },
	/* blanks: the four of JSON; a form feed or a vertical tab is json-c's to refuse */
	{ "\t{\r\"ph\"\t:\n\"X\"\r,\"cat\" :\"cpu_op\" , \"name\":\"n\",\"ts\":1,\"dur\":2,\"args\":{ \"a\" :\t[ 1 ,\n2 ] }\t}\r", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":1,\"dur\":2}\f", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":1,\"dur\":\v2}", DECLINED },
	/* pid and tid */
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":0,\"tid\":\"0\",\"ts\":1,\"dur\":2}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":\"00\",\"tid\":\"\",\"ts\":1,\"dur\":2}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":123456789012345678,\"tid\":-123456789012345678,\"ts\":1,\"dur\":2}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":\"123456789012345678901\",\"tid\":\"-0\",\"ts\":1,\"dur\":2}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":9223372036854775807,\"tid\":1,\"ts\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":-0,\"tid\":1,\"ts\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1e3,\"tid\":1,\"ts\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":[1],\"tid\":{},\"ts\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1,\"tid\":false,\"ts\":1,\"dur\":2}", DECLINED },
	/* times at the limits, fractions, strings */
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":9223372036854774,\"dur\":0}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":9223372036854774,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":-9223372036854774,\"dur\":2}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":-9223372036854775,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":1,\"dur\":9223372036854775}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":\"-0.0\",\"dur\":\"0\"}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":-0.0,\"dur\":0.0}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":1.0000005,\"dur\":0.0000004}", EITHER },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":0.1,\"dur\":0.2}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":\"1e3\",\"dur\":\"2E-1\"}", EITHER },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":1,\"dur\":1e99}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":\"\",\"dur\":1}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":1,\"dur\":\"-0\"}", EITHER },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":1,\"dur\":-0.0}", EITHER },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":1,\"dur\":[2]}", DECLINED },
	/* doubles: zeros, extremes, 17 digits, Python's switch to exponents, 40 and 41 bytes */
	{ EV(", \"args\": {\"a\": 0e0, \"b\": -0.0e0, \"c\": 1e99, \"d\": 1e-99, \"e\": 123456789012345678.5, "
	     "\"f\": 9007199254740993.0, \"g\": 1.0000000000000002, \"h\": 4.35, \"i\": 1E+05, \"j\": 1e+5, \"k\": 0.000123, "
	     "\"l\": 0.0000123, \"m\": 1e16, \"n\": 9999999999999999.0, \"o\": 1e15, \"p\": -1.5e-5, \"q\": 100.0e-2}"), TAKEN },
	{ EV(", \"args\": {\"a\": 0.12345678901234567890123456789012345678}"), TAKEN },
	{ EV(", \"args\": {\"a\": 0.123456789012345678901234567890123456789}"), DECLINED },
	{ EV(", \"args\": {\"a\": 1.5e-99, \"b\": 2.2250738585072014e-30}"), TAKEN },
	/* integers past 64 bits (SPEC 24): written with their digits both ways; declined where a number is read */
	{ EV(", \"args\": {\"a\": 9223372036854775807, \"b\": 9223372036854775808, \"c\": 18446744073709551615, "
	     "\"d\": 18446744073709551616, \"e\": 123456789012345678901234567890}"), TAKEN },
	{ EV(", \"args\": {\"a\": -9223372036854775808, \"b\": -9223372036854775809, \"c\": -123456789012345678901234567890}"), TAKEN },
	{ EV(", \"args\": {\"a\": [18446744073709551616, {\"b\": -9223372036854775809}], \"Input Dims\": [[18446744073709551616]], "
	     "\"Concrete Inputs\": [\"\", 99999999999999999999], \"Input type\": [\"int\"]}"), TAKEN },
	{ EV(", \"args\": {\"a\": 1234567890123456789012345678901234567890}"), TAKEN }, /* 40 bytes */
	{ EV(", \"args\": {\"a\": 12345678901234567890123456789012345678901}"), DECLINED },
	{ EV(", \"args\": {\"a\": -01234567890123456789}"), DECLINED },
	{ EV(", \"args\": {\"a\": 18446744073709551616, \"a\": 1}"), DECLINED },
	{ EV(", \"args\": {\"a\": 1e23, \"b\": 1E+23, \"c\": 1e+99, \"d\": -1E-99, \"e\": 1.5e22}"), TAKEN },
	{ EV(", \"args\": {\"a\": 1e100}"), DECLINED },
	{ EV(", \"args\": {\"a\": 1E+308}"), DECLINED },
	{ EV(", \"args\": {\"External id\": 18446744073709551616}"), DECLINED },
	{ EV(", \"args\": {\"Record function id\": 9223372036854775808, \"External id\": 1}"), DECLINED },
	{ EV(", \"args\": {\"External id\": 3, \"Comms Id\": 13072646111613355758}"), TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":1,\"dur\":3,"
	  "\"args\":{\"device\":0,\"correlation\":18446744073709551616}}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":1,\"dur\":3,"
	  "\"args\":{\"device\":1234567890123456789,\"correlation\":1}}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":1,\"dur\":3,"
	  "\"args\":{\"device\":0,\"correlation\":1,\"graph node id\":18446744073709551615,\"In msg nelems\":18446744073709551616}}", TAKEN },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":18446744073709551616,\"tid\":1,\"ts\":1,\"dur\":2}", DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":123456789012345678901,\"dur\":2}", DECLINED },
	/* not JSON: refused by json-c, declined */
	{ EV(", \"args\": {\"a\": 1,}"), DECLINED },
	{ EV(", \"args\": {\"a\" 1}"), DECLINED },
	{ EV(", \"args\": {\"a\": [1 2]}"), DECLINED },
	{ EV(", \"args\": {\"a\": tru}"), DECLINED },
	{ EV(", \"args\": {\"a\": 1x}"), DECLINED },
	{ EV(", \"args\": {\"a\": 1}} x"), DECLINED },
	{ EV(", \"args\": {\"a\": \"open}"), DECLINED },
	{ "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"n\",\"ts\":1,\"dur\":2,}", DECLINED },
	{ "[1, 2]", DECLINED },
	{ "", DECLINED },
};

static void test_table(void)
{
	roles = roles_new((char *[]){ "cpu_op", "python_function", NULL }, (char *[]){ "cuda_runtime", NULL },
			  (char *[]){ "kernel", NULL }, FALSE);
	differences = 0;
	for (gsize i = 0; i < G_N_ELEMENTS(table); i++)
		differential(table[i].text, table[i].expect);
	CU_ASSERT_EQUAL(differences, 0);
	g_hash_table_destroy(roles);
}

/* The args literal of TEXT's one monitored event, read fast (FAST) or by json-c as the reader reads it. */
static char *args_read(const char *text, gboolean fast)
{
	struct side s;
	side_init(&s, &setups[0]);
	gsize len = strlen(text);
	if (fast) {
		struct fastev ev;
		if (fastev_parse(&s.x, text, len, 7, s.staging, &ev))
			fastev_commit(&s.x, &ev, s.staging);
	} else {
		json_tokener *tokener = read_tokener_new();
		json_object *value = json_tokener_parse_ex(tokener, text, (int)len);
		json_digits_keep(value, text, len);
		extract_event(&s.x, value, 7);
		json_object_put(value);
		json_tokener_free(tokener);
	}
	GArray *events = s.x.out->events[OUT_MONITORED];
	char *args = events->len == 1 ? g_strdup(g_array_index(events, struct event, 0).args) : NULL;
	side_clear(&s);
	return args;
}

/* SPEC 24: integers of any size keep their digits, a float is written as repr(); worked by hand. */
static void test_past_64_bits(void)
{
	roles = roles_new((char *[]){ "cpu_op", NULL }, NULL, NULL, FALSE);
	static const struct {
		const char *args, *literal;
	} cases[] = {
		{ "{\"a\": 9223372036854775807, \"b\": 9223372036854775808, \"c\": 18446744073709551615, \"d\": 18446744073709551616}",
		  "{'a': 9223372036854775807, 'b': 9223372036854775808, 'c': 18446744073709551615, 'd': 18446744073709551616}" },
		{ "{\"e\": 123456789012345678901234567890, \"f\": -9223372036854775808, \"g\": -9223372036854775809, "
		  "\"h\": [-123456789012345678901234567890, {\"i\": 18446744073709551617}]}",
		  "{'e': 123456789012345678901234567890, 'f': -9223372036854775808, 'g': -9223372036854775809, "
		  "'h': [-123456789012345678901234567890, {'i': 18446744073709551617}]}" },
		{ "{\"h\": 1e23, \"i\": 1E+23, \"j\": 1e99, \"k\": 2.5e-7, \"l\": 1e22}",
		  "{'h': 1e+23, 'i': 1e+23, 'j': 1e+99, 'k': 2.5e-07, 'l': 1e+22}" },
	};
	for (gsize i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autofree char *text = g_strdup_printf(EV_OPEN ", \"args\": %s}", cases[i].args);
		g_autofree char *fast = args_read(text, TRUE), *slow = args_read(text, FALSE);
		CU_ASSERT_STRING_EQUAL(fast ? fast : "(declined)", cases[i].literal);
		CU_ASSERT_STRING_EQUAL(slow ? slow : "(none)", cases[i].literal);
	}
	g_hash_table_destroy(roles);
}

#define MEM_OPEN "{\"ph\": \"i\", \"cat\": \"cpu_instant_event\", \"s\": \"t\", \"name\": \"[memory]\", \"pid\": 1, \"tid\": 2, \"ts\": 10"
#define MEM(args) MEM_OPEN args "}"

/* [memory] instants (read with read_config.memory): taken when their four members are integers or absent. */
static const struct {
	const char *text;
	enum expect expect;
} memory_table[] = {
	{ MEM(", \"args\": {\"Total Reserved\": 2097152, \"Addr\": 139, \"Device Id\": 0, \"Bytes\": 512, "
	      "\"Total Allocated\": 1024, \"Device Type\": 1}"), TAKEN },
	{ MEM(", \"args\": {\"Device Type\": 0, \"Device Id\": -1, \"Bytes\": -512, \"Total Allocated\": 0}"), TAKEN },
	{ MEM(", \"args\": {\"Device Type\": 6, \"Device Id\": 3, \"Bytes\": 4}"), TAKEN }, /* no Total Allocated */
	{ MEM(", \"args\": {\"Bytes\": 4}"), TAKEN },                                          /* no Device Type */
	{ MEM(", \"args\": {\"Device Type\": null, \"Total Allocated\": null}"), TAKEN },
	{ MEM(", \"args\": {}"), TAKEN },
	{ MEM(", \"args\": null"), TAKEN },
	{ MEM(""), TAKEN },
	{ "{\"ph\":\"i\",\"cat\":\"cpu_instant_event\",\"name\":\"[memory]\",\"pid\":\"h\xff\",\"tid\":\"t\",\"ts\":\"1.5\","
	  "\"args\":{\"Bytes\":1}}", TAKEN },
	{ "{\"ph\":\"i\",\"cat\":\"cpu_instant_event\",\"name\":\"[memory]\",\"ts\":0.001}", TAKEN },
	{ MEM(", \"args\": {\"Total Allocated\": 1024.0}"), DECLINED }, /* a double: json-c's truncation */
	{ MEM(", \"args\": {\"Bytes\": \"512\"}"), DECLINED },
	{ MEM(", \"args\": {\"Device Type\": true}"), DECLINED },
	{ MEM(", \"args\": {\"Device Id\": [0]}"), DECLINED },
	{ MEM(", \"args\": {\"Bytes\": 1, \"Bytes\": 2}"), DECLINED },
	{ MEM(", \"args\": [1]"), DECLINED },
	{ "{\"ph\": \"i\", \"cat\": \"cpu_instant_event\", \"name\": \"[memory]\", \"pid\": 1, \"tid\": 2}", DECLINED }, /* no ts */
	{ "{\"ph\": \"i\", \"cat\": \"cpu_instant_event\", \"name\": \"other\", \"ts\": 1}", DECLINED },
	{ "{\"ph\": \"i\", \"cat\": \"cpu_instant_event\", \"name\": \"[memory]\\u0020\", \"ts\": 1}", DECLINED },
	{ "{\"ph\": \"i\", \"cat\": \"cpu_op\", \"name\": \"[memory]\", \"ts\": 1}", DECLINED },
	{ "{\"ph\": \"i\", \"name\": \"[memory]\", \"ts\": 1}", DECLINED },
	{ MEM(", \"args\": {\"Bytes\": 1,}"), DECLINED },
	/* Total Reserved, Device Type's number, [OutOfMemory] (SPEC 21, 24) */
	{ MEM(", \"args\": {\"Total Reserved\": 4096, \"Device Type\": 6, \"Device Id\": 2, \"Total Allocated\": 9}"), TAKEN },
	{ MEM(", \"args\": {\"Total Reserved\": null, \"Device Type\": 0}"), TAKEN },
	{ MEM(", \"args\": {\"Total Reserved\": 1.5}"), DECLINED },
	{ MEM(", \"args\": {\"Total Reserved\": \"7\"}"), DECLINED },
	{ MEM(", \"args\": {\"Total Reserved\": 3, \"Device Type\": -1}"), TAKEN },
	/* issue 44: a member that is no integer of its range is no figure: the event is skipped (json-c counts it) */
	{ MEM(", \"args\": {\"Total Reserved\": -3, \"Device Type\": -1}"), DECLINED }, /* a negative total */
	{ MEM(", \"args\": {\"Total Allocated\": -1, \"Device Type\": 1}"), DECLINED },
	{ MEM(", \"args\": {\"Total Allocated\": 0, \"Bytes\": -999999999999999999}"), TAKEN },
	{ MEM(", \"args\": {\"Total Allocated\": 9223372036854775807, \"Device Type\": 1}"), DECLINED }, /* 19 digits: json-c */
	{ MEM(", \"args\": {\"Total Allocated\": 9223372036854775808, \"Device Type\": 1}"), DECLINED },
	{ MEM(", \"args\": {\"Total Allocated\": 1e300, \"Device Type\": 1}"), DECLINED },
	{ MEM(", \"args\": {\"Total Allocated\": NaN, \"Device Type\": 1}"), EITHER }, /* not JSON: an error or skipped */
	{ MEM(", \"args\": {\"Bytes\": true, \"Device Type\": 1}"), DECLINED },
	{ MEM(", \"args\": {\"Device Id\": 18446744073709551615, \"Device Type\": 1}"), DECLINED },
	{ MEM(", \"args\": {\"Device Id\": 1180591620717411303424, \"Device Type\": 1}"), DECLINED },
	{ MEM(", \"args\": {\"Device Id\": -9223372036854775809, \"Device Type\": 1}"), DECLINED },
	{ MEM(", \"args\": {\"Device Type\": 1.0}"), DECLINED },
	{ MEM(", \"args\": {\"Device Type\": 1, \"Bytes\": 1.5, \"Total Reserved\": -1}"), DECLINED }, /* the first counts */
	{ "{\"ph\": \"i\", \"cat\": \"cpu_instant_event\", \"name\": \"[OutOfMemory]\", \"pid\": 1, \"tid\": 2, \"ts\": 5, "
	  "\"args\": {\"Device Type\": 1, \"Device Id\": 0, \"Bytes\": 1073741824, \"Total Allocated\": 8, \"Total Reserved\": 9}}", TAKEN },
	{ "{\"ph\": \"i\", \"cat\": \"cpu_instant_event\", \"name\": \"[OutOfMemory]\", \"ts\": 5}", TAKEN },
	{ "{\"ph\": \"i\", \"cat\": \"cpu_instant_event\", \"name\": \"[OutOfMemory] \", \"ts\": 5}", DECLINED },
	{ "{\"ph\": \"i\", \"cat\": \"cpu_instant_event\", \"name\": \"[OutOfMemor\\u0079]\", \"ts\": 5}", DECLINED },
	/* args read without their literal (after ph and name): the same taken and declined (issue 34) */
	{ MEM(", \"args\": { \"Bytes\" : 7 , \"Extra\": {\"a\": [1, \"x\", 2.5, null, false]}, \"Note\": \"\xff\", "
	      "\"Device Type\": 1, \"Total Allocated\": 9}"), TAKEN },
	{ MEM(", \"args\": {\"Note\": \"a\\\"b\", \"Bytes\": 1}"), DECLINED }, /* an escape */
	{ MEM(", \"args\": {\"By\\u0074es\": 1}"), DECLINED },
	{ MEM(", \"args\": {\"Extra\": {\"a\": 1, \"a\": 2}, \"Bytes\": 1}"), DECLINED }, /* a nested duplicate */
	{ MEM(", \"args\": {\"Bytes\": 01}"), DECLINED },
	{ MEM(", \"args\": {\"Bytes\": -0}"), DECLINED },
	{ MEM(", \"args\": {\"Bytes\": }"), DECLINED },
	{ MEM(", \"args\": {\"Bytes\" 1}"), DECLINED },
	{ MEM(", \"args\": {\"Bytes\": 1"), DECLINED },
	{ "{\"args\": {\"Bytes\": 3, \"Total Allocated\": 5}, \"ph\": \"i\", \"cat\": \"cpu_instant_event\", "
	  "\"name\": \"[memory]\", \"ts\": 1}", TAKEN }, /* args first: read with their literal */
	{ "{\"ph\": \"i\", \"name\": \"[memory]\", \"args\": {\"Bytes\": 3, \"Bytes\": 4}, \"cat\": "
	  "\"cpu_instant_event\", \"ts\": 1}", DECLINED },
};

static void test_memory(void)
{
	roles = roles_new((char *[]){ "cpu_op", NULL }, (char *[]){ "cuda_runtime", NULL }, (char *[]){ "kernel", NULL },
			  TRUE);
	differences = 0;
	for (gsize i = 0; i < G_N_ELEMENTS(memory_table); i++)
		differential(memory_table[i].text, memory_table[i].expect);
	CU_ASSERT_EQUAL(differences, 0);
	g_hash_table_destroy(roles);
}

/* E closed: what it left open outside strings (which hold no escapes here), in reverse order. */
static void close_all(GString *e)
{
	GString *open = g_string_new(NULL);
	gboolean in_string = FALSE;
	for (const char *p = e->str; *p; p++) {
		if (*p == '"')
			in_string = !in_string;
		else if (!in_string && (*p == '{' || *p == '['))
			g_string_append_c(open, *p == '{' ? '}' : ']');
		else if (!in_string && (*p == '}' || *p == ']'))
			g_string_truncate(open, open->len - 1);
	}
	if (in_string)
		g_string_append_c(e, '"');
	while (open->len) {
		g_string_append_c(e, open->str[open->len - 1]);
		g_string_truncate(open, open->len - 1);
	}
	g_string_free(open, TRUE);
}

/* The scanner's bounds, on either side: nesting, keys of an object, a category's length. */
static void test_limits(void)
{
	roles = roles_new((char *[]){ "cpu_op", NULL }, NULL, NULL, TRUE);
	differences = 0;
	static const struct {
		const char *head, *item, *tail;
		int count;
		enum expect expect;
	} limits[] = {
		{ EV_OPEN ", \"args\": {\"a\": ", "[", "", 31, TAKEN }, /* 32 levels: as deep as taken */
		{ EV_OPEN ", \"args\": {\"a\": ", "[", "", 32, DECLINED },
		{ EV_OPEN ", \"args\": {\"a\": ", "[", "", 130, DECLINED }, /* json-c's limit */
		{ EV_OPEN ", \"args\": {\"a\": ", "{\"b\": ", "0", 30, TAKEN }, /* the 0 at level 32 */
		{ EV_OPEN ", \"args\": {\"a\": ", "{\"b\": ", "0", 31, DECLINED },
		{ EV_OPEN ", \"args\": {\"a\": 1", ", \"k%d\": %d", "", 47, TAKEN }, /* 48 keys */
		{ EV_OPEN ", \"args\": {\"a\": 1", ", \"k%d\": %d", "", 48, DECLINED },
		{ "{\"ph\": \"X\", \"name\": \"n\", \"ts\": 1, \"dur\": 2, \"cat\": \"", "c", "", 63, TAKEN },
		{ "{\"ph\": \"X\", \"name\": \"n\", \"ts\": 1, \"dur\": 2, \"cat\": \"", "c", "", 64, DECLINED },
		{ "{\"ph\": \"X\", \"name\": \"n\", \"ts\": 1, \"dur\": 2, \"cat\": \"cpu_op\", \"x\": 0", ", \"k%d\": %d", "", 200, TAKEN },
	};
	for (gsize i = 0; i < G_N_ELEMENTS(limits); i++) {
		GString *e = g_string_new(limits[i].head);
		for (int k = 0; k < limits[i].count; k++)
			g_string_append_printf(e, limits[i].item, k, k);
		g_string_append(e, limits[i].tail);
		close_all(e);
		differential(e->str, limits[i].expect);
		g_string_free(e, TRUE);
	}
	CU_ASSERT_EQUAL(differences, 0);
	g_hash_table_destroy(roles);
}

/* read_config.drop_args (issue 33): no args literal kept, by either reading, for
 * monitored and device events alike; the shapes still kept; a replaced byte of
 * the args still counted, as when they are kept. */
static void test_drop_args(void)
{
	roles = roles_new((char *[]){ "cpu_op", NULL }, (char *[]){ "cuda_runtime", NULL }, (char *[]){ "kernel", NULL },
			  TRUE);
	static const char *const texts[] = {
		EV(", \"args\": {\"s\": \"bad\xff\", \"Input Dims\": [[2, 3]], \"External id\": 4}"),
		"{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k\", \"pid\": 0, \"tid\": 7, \"ts\": 1, \"dur\": 2, "
		"\"args\": {\"device\": 0, \"correlation\": 5, \"s\": \"x\xc3\"}}",
	};
	static const struct setup drop = { TRUE, FALSE, FALSE, FALSE, NULL, TRUE };
	for (gsize i = 0; i < G_N_ELEMENTS(texts); i++) {
		struct side f, j;
		side_init(&f, &drop);
		side_init(&j, &drop);
		struct fastev ev;
		gsize len = strlen(texts[i]);
		CU_ASSERT_TRUE_FATAL(fastev_parse(&f.x, texts[i], len, 7, f.staging, &ev));
		fastev_commit(&f.x, &ev, f.staging);
		json_tokener *tokener = read_tokener_new();
		json_object *value = json_tokener_parse_ex(tokener, texts[i], (int)len);
		extract_event(&j.x, value, 7);
		json_object_put(value);
		json_tokener_free(tokener);
		for (const struct side *side = &f; side; side = side == &f ? &j : NULL) {
			guint kept = 0;
			for (int role = 0; role < OUT_ROLES; role++) {
				GArray *events = side->x.out->events[role];
				for (guint e = 0; e < events->len; e++, kept++)
					CU_ASSERT_PTR_NULL(g_array_index(events, struct event, e).args);
			}
			CU_ASSERT_EQUAL(kept, 1);
			CU_ASSERT_EQUAL(side->x.out->stats.invalid_utf8, 1);
			if (i == 0) { /* the shapes are no args literal: kept */
				const struct event *op = &g_array_index(side->x.out->events[OUT_MONITORED], struct event, 0);
				CU_ASSERT_TRUE(op->extra && op->extra->input_dims && strcmp(op->extra->input_dims, "[[2, 3]]") == 0);
			}
		}
		side_clear(&f);
		side_clear(&j);
	}
	g_hash_table_destroy(roles);
}

UNIT_MAIN("fastev", UNIT_TEST(test_table), UNIT_TEST(test_drop_args), UNIT_TEST(test_memory), UNIT_TEST(test_limits), UNIT_TEST(test_past_64_bits))
