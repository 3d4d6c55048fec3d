/* Memory devices (SPEC 21): the [memory] events of a trace grouped by
 * (pid, Device Type, Device Id), each device's curve (Total Allocated after
 * each of its events, in (ts, position) order) and what --summary memory,
 * the report, the step summary and the catalogue's memory peak increase
 * read of it.
 *
 * One sort of the events that have a Device Type by (pid, type, id, ts,
 * position), then one walk per device: counts, sums, the peak (the first
 * event reaching the largest Total Allocated), the largest Total Reserved,
 * the final value, the [OutOfMemory] instants (SPEC 24: counted, never on
 * the curve). An event without Total Allocated leaves the curve where it
 * was, so each accelerator's curve keeps only the events that have one:
 * their ts, position and value, and a segment tree over the values (2n
 * indices) that gives the first event of the largest value in any run of
 * events in O(log n). A window [from, to] is two binary searches and one
 * such query: O(log n) a node or a step, and memory linear in the events.
 *
 *   curve of device 0:   ts 10: 100, ts 20: 300, ts 30: 200, ts 40: 300
 *   window [15, 35]:     events at 20 and 30; largest 300 (first at 20),
 *                        last inside 200, last before 100 (the event at 10)
 */
#ifndef PP_MEMORY_DEVICES_H
#define PP_MEMORY_DEVICES_H

#include "attribution/attribute.h"
#include "attribution/steps.h"

#define MEMORY_NONE G_MAXUINT

struct memory_device {
	const char *pid;        /* as the trace writes it (owned by the struct memory_devices) */
	gint64 type, id;        /* Device Type (0: the host), Device Id */
	gint64 allocated_total; /* the sum of positive Bytes */
	gint64 peak, final;     /* the largest Total Allocated; the curve after its last event */
	gint64 peak_reserved;   /* the largest Total Reserved */
	gint64 reserved_at_peak; /* the Total Reserved curve after the peak event */
	gint64 capacity;        /* totalGlobalMem of deviceProperties with its id (accelerators only) */
	guint events, allocations, frees, out_of_memory;
	guint peak_event;       /* the first event reaching the peak: an index into attribution->memory */
	guint first_oom;        /* its first [OutOfMemory] instant, or MEMORY_NONE */
	/* the curve (accelerators only): [curve_first, curve_first + curve_count) of the arrays below */
	guint curve_first, curve_count;
	guint8 has_peak;        /* some event has Total Allocated: the peak and final figures above */
	guint8 has_reserved;    /* some event has Total Reserved */
	guint8 has_reserved_at_peak;
	guint8 has_capacity;
	guint8 ambiguous;       /* another device of its pid is written alike (memory_device_label) */
};

struct memory_devices {
	struct memory_device *devices; /* host devices first, then accelerators, each by pid, then id */
	guint count;
	guint accelerators;     /* devices with type other than 0 */
	guint oom;              /* [OutOfMemory] instants of every device */
	guint first_oom;        /* the first of them in (ts, position) order, or MEMORY_NONE */
	gboolean shared_ids;    /* two processes have accelerators of the same Device Id */
	/* the accelerators' curves, one after the other */
	gint64 *curve_ts, *curve_index, *curve_total;
	guint *tree;            /* per curve, 2 * count nodes at 2 * curve_first: the segment tree */
	/* per process of the trace's threads: its accelerators, [pid_first[p], pid_first[p] + pid_count[p]) */
	guint *pid_first, *pid_count;
	guint pid_slots;        /* the processes with memory events: those numbered below */
	guint *thread_pid;      /* per thread: its pid's number + 1; 0: not looked up */
	GHashTable *pids;       /* pid text -> number + 1 */
	GPtrArray *pid_texts;   /* number -> pid text (the keys of PIDS) */
	const struct threads *threads;
	guint thread_count;
};

/* The memory devices of ATTRIBUTION's [memory] events (THREADS: the
 * trace's; DEVICES: its deviceProperties). With STEPS and a RANGE given,
 * only the events in steps of the range count. */
struct memory_devices *memory_devices_compute(const struct attribution *attribution, const struct threads *threads,
					      const GArray *devices, const struct steps *steps,
					      const struct step_range *range);
void memory_devices_free(struct memory_devices *devices);

/* How the views write DEVICE (SPEC 21): "cpu" for the host, else its Device
 * Id; when another device of its pid would read the same (two host devices,
 * or one Device Id under two Device Types, such as CUDA's 1 and ROCm's 6),
 * with what tells them apart: "cpu (Device Id 0)", "0 (Device Type 6)". */
void memory_device_label(GString *out, const struct memory_device *device);

/* A window of a process's accelerator curves. */
struct memory_window {
	gboolean found;     /* some accelerator event with Total Allocated lies in it */
	gint64 peak;        /* the largest Total Allocated in it, over the devices */
	guint device;       /* the device holding it (the first to reach it) */
	gint64 last;        /* that device's last value in it */
	gint64 before;      /* that device's value before it (0 when none) */
	gboolean has_before; /* that device had an event (with Total Allocated) before it */
	gint64 increase;    /* per device its largest value less its value before, the largest; never below 0 */
};

/* The accelerators of THREAD's process over [FROM, TO] (both included). */
void memory_devices_window(const struct memory_devices *devices, guint32 thread, gint64 from, gint64 to,
			   struct memory_window *window);

/* The start of the trace's analysed span (Part IV): its first step's start,
 * or without steps the earliest ts of a launch or device event (without
 * those, of a memory event; 0: none). */
gint64 memory_span_start(const struct steps *steps, const struct attribution *attribution);

typedef struct memory_devices MemoryDevices;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(MemoryDevices, memory_devices_free)

#endif
