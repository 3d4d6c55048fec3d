#include "unit.h"
#include "columns.h"

/* The columns of LIST as their names joined by '|', or the error message. */
static char *parsed(const char *list)
{
	g_autoptr(GArray) columns = g_array_new(FALSE, FALSE, sizeof(enum column));
	GError *error = NULL;
	if (!columns_parse(list, FALSE, columns, &error)) {
		char *message = g_strdup(error->message);
		g_error_free(error);
		return message;
	}
	GString *names = g_string_new(NULL);
	for (guint i = 0; i < columns->len; i++)
		g_string_append_printf(names, "%s%s", i ? "|" : "", column_name(g_array_index(columns, enum column, i)));
	return g_string_free(names, FALSE);
}

#define DEFAULTS "name|args|host duration(ms)|device duration(ms)|cuda launch duration(ms)|cuda_runtime|kernels|kernel infos|host ts|cuda launch ts|kernel ts"

static void test_default(void)
{
	g_autofree char *columns = parsed(NULL);
	ASSERT_STR(columns, DEFAULTS);
}

static void test_pick_and_order(void)
{
	g_autofree char *columns = parsed("Input Type,operation, DEPTH ,kernels");
	ASSERT_STR(columns, "Input Type|Operation|depth|kernels");
}

static void test_plus(void)
{
	g_autofree char *columns = parsed("+Self Host Duration(ms),launch count");
	ASSERT_STR(columns, DEFAULTS "|self host duration(ms)|launch count");
}

static void test_unknown(void)
{
	g_autofree char *message = parsed("name,flops");
	CU_ASSERT_PTR_NOT_NULL(strstr(message, "unknown column 'flops'"));
	CU_ASSERT_PTR_NOT_NULL(strstr(message, "Input Dims, Input Type"));
	g_autofree char *empty = parsed(" , ");
	CU_ASSERT_PTR_NOT_NULL(strstr(empty, "no column"));
}

static void test_need_shapes(void)
{
	g_autoptr(GArray) columns = g_array_new(FALSE, FALSE, sizeof(enum column));
	columns_parse("+depth", FALSE, columns, NULL);
	CU_ASSERT_FALSE(columns_need_extras(columns));
	columns_parse("input dims", FALSE, columns, NULL);
	CU_ASSERT_TRUE(columns_need_extras(columns));
}

UNIT_MAIN("columns", UNIT_TEST(test_default), UNIT_TEST(test_pick_and_order), UNIT_TEST(test_plus),
	  UNIT_TEST(test_unknown), UNIT_TEST(test_need_shapes))
