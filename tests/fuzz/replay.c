/* The fuzz harness without libFuzzer: feeds each file named on the command
 * line to LLVMFuzzerTestOneInput (tests/fuzz/fuzz_pipeline.c), as libFuzzer
 * replays a corpus. make check builds it, so that the harness of
 * scripts/fuzz.sh compiles and runs whatever the layout of src/, and
 * tests/fuzz_regressions.sh replays the fixtures and the regressions with
 * it. Exits 0 after every file, 1 when one cannot be read. */
#include <stdint.h>
#include <stdio.h>
#include <glib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		char *bytes = NULL;
		gsize size = 0;
		GError *error = NULL;
		if (!g_file_get_contents(argv[i], &bytes, &size, &error)) {
			fprintf(stderr, "replay: %s\n", error->message);
			g_error_free(error);
			return 1;
		}
		LLVMFuzzerTestOneInput((const uint8_t *)bytes, size);
		g_free(bytes);
	}
	return 0;
}
