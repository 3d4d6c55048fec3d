#include "unit.h"
#include "views/summaries/summaries.h"
#include "views/summaries/summary.h"
#include "views/summaries/summary_kernel.h"
#include "views/summaries/summary_step.h"

/* The columns of LIST as their names joined by '|', or the error message. */
static char *parsed(const char *list)
{
	g_autoptr(GPtrArray) columns = g_ptr_array_new();
	GError *error = NULL;
	if (!catalogue_pick(node_catalogue(), list, COLUMN_DEFAULT, columns, &error)) {
		char *message = g_strdup(error->message);
		g_error_free(error);
		return message;
	}
	GString *names = g_string_new(NULL);
	for (guint i = 0; i < columns->len; i++)
		g_string_append_printf(names, "%s%s", i ? "|" : "", ((const struct column *)columns->pdata[i])->name);
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
	g_autofree char *message = parsed("name,flopz");
	CU_ASSERT_PTR_NOT_NULL(strstr(message, "unknown column 'flopz'"));
	CU_ASSERT_PTR_NOT_NULL(strstr(message, "Input Dims, Input Type"));
	g_autofree char *empty = parsed(" , ");
	CU_ASSERT_PTR_NOT_NULL(strstr(empty, "no column"));
}

/* What a row must work out follows from the columns picked. */
static void test_flags(void)
{
	g_autoptr(GPtrArray) columns = g_ptr_array_new();
	catalogue_pick(node_catalogue(), "depth,Operation,self host duration(ms)", COLUMN_DEFAULT, columns, NULL);
	CU_ASSERT_EQUAL(columns_flags(columns) & (NODE_SUMS | NODE_EXTRAS | NODE_MEMORY | NODE_ET), 0);
	catalogue_pick(node_catalogue(), "input dims", COLUMN_DEFAULT, columns, NULL);
	CU_ASSERT_TRUE(columns_flags(columns) & NODE_EXTRAS);
	CU_ASSERT_FALSE(columns_flags(columns) & NODE_SUMS);
	catalogue_pick(node_catalogue(), "launch count,device memory(bytes)", COLUMN_DEFAULT, columns, NULL);
	/* a numeric column asks for its figure alone, never for the launches (SPEC 11.4) */
	CU_ASSERT_FALSE(columns_flags(columns) & NODE_SUMS);
	CU_ASSERT_EQUAL(NODE_FIGURES(columns_flags(columns)), FIGURE_BIT(FIGURE_LAUNCHES));
	CU_ASSERT_TRUE(columns_flags(columns) & NODE_MEMORY);
	catalogue_pick(node_catalogue(), "memset(ms),kernels", COLUMN_DEFAULT, columns, NULL);
	CU_ASSERT_TRUE(columns_flags(columns) & NODE_SUMS);
	CU_ASSERT_EQUAL(NODE_FIGURES(columns_flags(columns)), FIGURE_BIT(FIGURE_LAUNCHES) | FIGURE_BIT(FIGURE_MEMSET));
}

/* Sync launches: exact names of blocking copies, with or without _v2. */
static void test_sync_names(void)
{
	CU_ASSERT_TRUE(launch_is_sync("cudaDeviceSynchronize"));
	CU_ASSERT_TRUE(launch_is_sync("hipStreamSynchronize"));
	CU_ASSERT_TRUE(launch_is_sync("cudaMemcpy"));
	CU_ASSERT_TRUE(launch_is_sync("cuMemcpyDtoH_v2"));
	CU_ASSERT_TRUE(launch_is_sync("hipMemcpy2D"));
	CU_ASSERT_FALSE(launch_is_sync("cudaMemcpyAsync"));
	CU_ASSERT_FALSE(launch_is_sync("cudaMemcpy2DAsync_v2"));
	CU_ASSERT_FALSE(launch_is_sync("cudaMemcpy_v2_v2"));
	CU_ASSERT_FALSE(launch_is_sync("cudaLaunchKernel"));
}

/* With --et, the six join columns follow the default eleven. */
static void test_et_defaults(void)
{
	g_autoptr(GPtrArray) columns = g_ptr_array_new();
	catalogue_pick(node_catalogue(), NULL, COLUMN_DEFAULT | NODE_ET, columns, NULL);
	CU_ASSERT_EQUAL(columns->len, 17);
	ASSERT_STR(((const struct column *)columns->pdata[11])->name, "et node");
	ASSERT_STR(((const struct column *)columns->pdata[16])->name, "output types");
}

/* No two columns of a catalogue share a name, whatever the case. */
static void test_unique_names(void)
{
	const struct catalogue *catalogues[] = { node_catalogue(), summary_catalogue(SUMMARY_PATH), step_summary_catalogue(), kernel_summary_catalogue() };
	for (gsize k = 0; k < G_N_ELEMENTS(catalogues); k++)
		for (guint i = 0; i < catalogues[k]->count; i++)
			for (guint j = i + 1; j < catalogues[k]->count; j++)
				CU_ASSERT_NOT_EQUAL(g_ascii_strcasecmp(catalogues[k]->columns[i].name,
								       catalogues[k]->columns[j].name), 0);
}

UNIT_MAIN("columns", UNIT_TEST(test_default), UNIT_TEST(test_pick_and_order), UNIT_TEST(test_plus),
	  UNIT_TEST(test_unknown), UNIT_TEST(test_flags), UNIT_TEST(test_sync_names), UNIT_TEST(test_et_defaults),
	  UNIT_TEST(test_unique_names))
