/* The report's device list: identical devices collapsed, only the fields
 * the trace has, in the same words for every vendor. */
#include "unit.h"
#include "report/report.h"

static struct device_info device(char *id, char *name, double memory, char *major, char *minor, char *sms)
{
	struct device_info d = { .id = id, .name = name, .compute_major = major, .compute_minor = minor, .num_sms = sms,
				 .total_global_mem = memory, .has_memory = memory > 0 };
	return d;
}

static char *devices_text(const struct device_info *devices, guint count)
{
	g_autoptr(GArray) array = g_array_new(FALSE, FALSE, sizeof(struct device_info));
	g_array_append_vals(array, devices, count);
	return report_devices_text(array);
}

static void test_collapsed(void)
{
	struct device_info d[8];
	char ids[8][2];
	for (int i = 0; i < 8; i++) {
		ids[i][0] = (char)('0' + i), ids[i][1] = 0;
		d[i] = device(ids[i], "NVIDIA H800", 85197848576.0, "9", "0", "132");
	}
	g_autofree char *text = devices_text(d, 8);
	ASSERT_STR(text, "  devices 0-7: NVIDIA H800, 79.3 GiB, compute 9.0, 132 SMs\n");
}

static void test_mixed(void)
{
	struct device_info d[] = {
		device("0", "AMD Radeon Graphics", 68702699520.0, "9", "0", "104"),
		device("1", "AMD Radeon Graphics", 68702699520.0, "9", "0", "104"),
		device("2", "NVIDIA A100", 0, NULL, NULL, NULL),
		device("3", "AMD Radeon Graphics", 68702699520.0, "9", "0", "104"),
		device("7", "", 0, "9", "4", NULL),
		device(NULL, "partial", 0, NULL, NULL, NULL),
		device(NULL, "partial", 0, NULL, NULL, NULL),
	};
	g_autofree char *text = devices_text(d, G_N_ELEMENTS(d));
	ASSERT_STR(text, "  devices 0-1,3: AMD Radeon Graphics, 64.0 GiB, compute 9.0, 104 SMs\n"
			 "  device 2: NVIDIA A100\n"
			 "  device 7: compute 9.4\n"
			 "  2 devices: partial\n");
}

/* The same words for NVIDIA's and AMD's devices (AMD's warp size is 64);
 * a missing half of the version. */
static void test_vendor(void)
{
	struct device_info d[] = {
		device("0", "Tesla V100-SXM2-32GB", 34089730048.0, "7", "0", "80"),
		device("1", "AMD Instinct MI300X", 0, "9", "4", "304"),
		device("2", "Unbranded", 0, "8", NULL, "108"),
		device("3", NULL, 0, NULL, "4", NULL),
	};
	g_autofree char *text = devices_text(d, G_N_ELEMENTS(d));
	ASSERT_STR(text, "  device 0: Tesla V100-SXM2-32GB, 31.7 GiB, compute 7.0, 80 SMs\n"
			 "  device 1: AMD Instinct MI300X, compute 9.4, 304 SMs\n"
			 "  device 2: Unbranded, compute 8, 108 SMs\n"
			 "  device 3: compute ?.4\n");
}

static void test_none(void)
{
	g_autofree char *text = devices_text(NULL, 0);
	ASSERT_STR(text, "");
}

UNIT_MAIN("report", UNIT_TEST(test_collapsed), UNIT_TEST(test_mixed), UNIT_TEST(test_vendor), UNIT_TEST(test_none))
