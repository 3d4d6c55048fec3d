/* A CUnit program per module: UNIT_MAIN runs the listed tests as one suite. */
#ifndef PP_UNIT_H
#define PP_UNIT_H

#include <CUnit/Basic.h>
#include <glib.h>
#include <string.h>

struct unit_test {
	const char *name;
	void (*run)(void);
};

#define UNIT_TEST(f) { #f, f }

static inline int unit_run(const char *suite_name, const struct unit_test *tests, size_t count)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 1;
	CU_pSuite suite = CU_add_suite(suite_name, NULL, NULL);
	for (size_t i = 0; i < count; i++)
		CU_add_test(suite, tests[i].name, tests[i].run);
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	unsigned failures = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
	CU_cleanup_registry();
	return failures ? 1 : 0;
}

#define UNIT_MAIN(suite, ...)                                                   \
	int main(void)                                                          \
	{                                                                       \
		static const struct unit_test tests[] = { __VA_ARGS__ };         \
		return unit_run(suite, tests, sizeof tests / sizeof tests[0]);  \
	}

#define ASSERT_STR(actual, expected) CU_ASSERT_STRING_EQUAL(actual, expected)

#endif
