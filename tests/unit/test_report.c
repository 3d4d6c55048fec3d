/* The report's device list: identical devices collapsed, only the fields
 * the trace has, NVIDIA's names only for NVIDIA devices. */
#include "unit.h"
#include "report.h"

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
	ASSERT_STR(text, "  devices 0-7: NVIDIA H800, 79.3 GiB, compute capability 9.0, 132 SMs\n");
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
	ASSERT_STR(text, "  devices 0-1,3: AMD Radeon Graphics, 64.0 GiB, computeMajor 9, computeMinor 0, numSms 104\n"
			 "  device 2: NVIDIA A100\n"
			 "  device 7: computeMajor 9, computeMinor 4\n"
			 "  2 devices: partial\n");
}

/* NVIDIA's by the warp size when the trace gives it, else by the name. */
static void test_vendor(void)
{
	struct device_info d[] = {
		device("0", "Tesla V100-SXM2-32GB", 34089730048.0, "7", "0", "80"),
		device("1", "", 0, "9", "4", "304"),
		device("2", "Unbranded", 0, "8", "0", "108"),
	};
	d[1].warp_size = "64";
	d[2].warp_size = "32";
	g_autofree char *text = devices_text(d, G_N_ELEMENTS(d));
	ASSERT_STR(text, "  device 0: Tesla V100-SXM2-32GB, 31.7 GiB, compute capability 7.0, 80 SMs\n"
			 "  device 1: computeMajor 9, computeMinor 4, numSms 304\n"
			 "  device 2: Unbranded, compute capability 8.0, 108 SMs\n");
}

static void test_none(void)
{
	g_autofree char *text = devices_text(NULL, 0);
	ASSERT_STR(text, "");
}

UNIT_MAIN("report", UNIT_TEST(test_collapsed), UNIT_TEST(test_mixed), UNIT_TEST(test_vendor), UNIT_TEST(test_none))
