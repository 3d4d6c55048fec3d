#include "util/radix.h"
#include <string.h>

#define RADIX_BITS 11
#define RADIX_SIZE (1u << RADIX_BITS)
#define INSERTION_MAX 32

static void insertion_sort(guint64 *key, guint32 *value, gsize n)
{
	for (gsize i = 1; i < n; i++) {
		guint64 k = key[i];
		guint32 v = value[i];
		gsize j = i;
		for (; j > 0 && key[j - 1] > k; j--)
			key[j] = key[j - 1], value[j] = value[j - 1];
		key[j] = k, value[j] = v;
	}
}

void radix_sort(guint64 *key, guint32 *value, gsize n)
{
	if (n <= INSERTION_MAX) {
		insertion_sort(key, value, n);
		return;
	}
	guint64 least = key[0], most = key[0];
	for (gsize i = 1; i < n; i++)
		least = MIN(least, key[i]), most = MAX(most, key[i]);
	guint64 range = most - least;
	guint passes = 0;
	while (passes * RADIX_BITS < 64 && range >> (passes * RADIX_BITS))
		passes++;
	if (!passes)
		return; /* one key: already in order */
	guint64 *key_to = g_new(guint64, n);
	guint32 *value_to = g_new(guint32, n);
	g_autofree gsize *count = g_new(gsize, RADIX_SIZE);
	guint64 *from_key = key, *to_key = key_to;
	guint32 *from_value = value, *to_value = value_to;
	for (guint p = 0; p < passes; p++) {
		guint shift = p * RADIX_BITS;
		memset(count, 0, sizeof(gsize) * RADIX_SIZE);
		for (gsize i = 0; i < n; i++)
			count[((from_key[i] - least) >> shift) & (RADIX_SIZE - 1)]++;
		gsize sum = 0;
		for (guint d = 0; d < RADIX_SIZE; d++) {
			gsize c = count[d];
			count[d] = sum;
			sum += c;
		}
		for (gsize i = 0; i < n; i++) {
			gsize at = count[((from_key[i] - least) >> shift) & (RADIX_SIZE - 1)]++;
			to_key[at] = from_key[i];
			to_value[at] = from_value[i];
		}
		guint64 *k = from_key;
		guint32 *v = from_value;
		from_key = to_key, from_value = to_value;
		to_key = k, to_value = v;
	}
	if (from_key != key) {
		memcpy(key, from_key, sizeof(guint64) * n);
		memcpy(value, from_value, sizeof(guint32) * n);
	}
	g_free(key_to);
	g_free(value_to);
}
