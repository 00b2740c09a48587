// SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause
/*
 * pmf_idle: the firmware's PSCI latency under a running Linux.
 *
 * Every PSCI power call's record (its six runtime-instrumentation
 * timestamps, its function, power_state and outcome) of each CPU, from the
 * firmware's call ring where PMF_GET_RING says it has one (this firmware,
 * docs/design/pmf.rst): read with no SMC, on the CPU itself, in batches:
 * at the idle entry after every PERIODS idle periods, when debugfs asks,
 * or at once on its idle exit while the trace event is on (so that the
 * event lands inside the exit's cpu_idle span). The idle entry and exit
 * otherwise only note the time (and the armed timer). On a firmware
 * without the ring (TF-A), the calling CPU's six timestamps by
 * PMF_SMC_GET_TIMESTAMP_64 on every idle exit instead (TF-A's ABI, SMCCC
 * DEN0028 6.1): six SMCs per idle exit. Each record becomes a
 * pmf_idle:psci_call trace event with its timestamps on the kernel's
 * clock, and a sample in a per-CPU buffer; docs/tools/pmf_idle.rst
 * describes the debugfs interface (samples, summary, reset) and the checks.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/arm-smccc.h>
#include <linux/cpu.h>
#include <linux/cpuidle.h>
#include <linux/debugfs.h>
#include <linux/io.h>
#include <linux/ioport.h>
#include <linux/math64.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/percpu.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/trace_clock.h>
#include <linux/uaccess.h>
#include <linux/utsname.h>
#include <linux/vmalloc.h>
#include <uapi/linux/psci.h>
#include <asm/arch_timer.h>
#include <asm/cputype.h>
#include <asm/virt.h>
#include <clocksource/arm_arch_timer.h>
#include <trace/events/power.h>

/* The PMF ABI (tools/common/pmf.py), and the trace event. */
#include "pmf_abi.h"
#define CREATE_TRACE_POINTS
#include "pmf_idle_trace.h"

/* Runtime instrumentation: service 1, implementation id 'A'. */
#define PMF_RT_INSTR_TID(idx)						\
	((PMF_ARM_TIF_IMPL_ID << PMF_TID_IMPL_SHIFT) |			\
	 (PMF_RT_INSTR_SVC_ID << PMF_TID_SVC_SHIFT) | (idx))

#define MAX_STATES	CPUIDLE_STATE_MAX
#define NO_STATE	(-1)
/*
 * Idle periods noted before their records are taken from the ring: a
 * batch (the ring holds PMF_RING_RECORDS, far more, so none is overwritten
 * meanwhile unless other calls crowd it).
 */
#define PERIODS		32
static_assert(PERIODS * 2 <= PMF_RING_RECORDS);

static unsigned int ring_size = 4096;
module_param(ring_size, uint, 0444);
MODULE_PARM_DESC(ring_size, "samples kept per CPU (16 to 1048576; default 4096)");
static char *source = "auto";
module_param(source, charp, 0444);
MODULE_PARM_DESC(source,
		 "auto (the firmware's call ring where it has one, else PMF SMCs), ring or smc");

/* The firmware's call ring, laid out as pmf_abi.h says (checked below). */
struct fw_header {
	u32 magic;
	u16 version, header_bytes, record_bytes, reserved0;
	u32 records;
	u64 mpidr, head, counter_hz, reserved[3];
};

struct fw_record {
	u64 ts[RT_INSTR_TOTAL_IDS];
	u64 seq;
	u32 power_state;
	u8 function, outcome;
	s16 status;
};

static_assert(offsetof(struct fw_header, head) == PMF_RING_HDR_HEAD);
static_assert(offsetof(struct fw_header, records) == PMF_RING_HDR_RECORDS);
static_assert(sizeof(struct fw_header) == PMF_RING_LINE);
static_assert(offsetof(struct fw_record, ts) == PMF_RING_REC_TS);
static_assert(offsetof(struct fw_record, seq) == PMF_RING_REC_SEQ);
static_assert(offsetof(struct fw_record, power_state) == PMF_RING_REC_POWER_STATE);
static_assert(offsetof(struct fw_record, function) == PMF_RING_REC_FUNCTION);
static_assert(offsetof(struct fw_record, outcome) == PMF_RING_REC_OUTCOME);
static_assert(offsetof(struct fw_record, status) == PMF_RING_REC_STATUS);
static_assert(sizeof(struct fw_record) == PMF_RING_LINE);

/* One record as the module keeps it. */
struct pmf_idle_rec {
	u64 ts[RT_INSTR_TOTAL_IDS];
	u64 entry, exit, deadline;	/* idle entry, exit read, armed timer (0: none) */
	u64 ring_seq;			/* the firmware's record number, 0 from SMCs */
	u32 power_state;
	s16 status;
	u8 function, outcome;
	s8 idx;				/* cpuidle state, NO_STATE: no idle exit's */
};

/* One idle period of a state above WFI: its state, entry, timer armed then, exit. */
struct pmf_idle_period {
	int idx;
	u64 entry, deadline, exit;
};

/* A kept record; @seq (its number + 1) is written last and read first. */
struct pmf_idle_sample {
	u64 seq;
	struct pmf_idle_rec r;
};

/* What the CPU's idle state @idx is (cpuidle's name, the DT's values). */
struct pmf_idle_state {
	char name[CPUIDLE_NAME_LEN];
	bool known;
	bool has_power_state;
	u32 power_state;
	u32 entry_latency_us, exit_latency_us, min_residency_us;
};

/* Counters only the owning CPU writes; reset keeps a copy to subtract. */
struct pmf_idle_counts {
	u64 accepted[MAX_STATES];
	u64 rejected_order[MAX_STATES];
	u64 rejected_stale[MAX_STATES];
	u64 abandoned[MAX_STATES];
	u64 denied[MAX_STATES];
	u64 cpu_off, other;	/* CPU_OFF records (hotplug), other calls of no idle exit */
	u64 unmatched;
	u64 torn, lost;		/* ring records skipped: unreadable, overwritten unread */
	u64 held;		/* samples not kept: the buffer full of held ones (hold) */
	u64 idle_smc;		/* SMCs the idle exits made */
	/* Our time on each idle exit (trace event off, on) and each idle entry. */
	u64 cost_ticks, cost_count, traced_ticks, traced_count, entry_ticks, entry_count;
};

struct pmf_idle_cpu {
	struct pmf_idle_sample *ring;
	u64 head;		/* samples ever written */
	int pending;		/* the idle state entered, or NO_STATE */
	u64 entry_ticks;	/* CNTPCT when it was entered */
	u64 deadline;		/* the timer armed then, in CNTPCT ticks; 0: none */
	/* The idle periods whose records are not taken yet, oldest first. */
	struct pmf_idle_period periods[PERIODS];
	unsigned int period_count;
	u64 mpidr;
	bool mpidr_known;
	struct fw_header *fw;	/* the firmware's ring of this CPU, or NULL */
	struct fw_record *fw_rec;
	u64 cursor;		/* the next firmware record to take */
	int state_count;
	struct pmf_idle_state states[MAX_STATES];
	struct pmf_idle_counts counts, base;
	u64 tail;		/* first sample shown (reset) */
	u64 hold_first;		/* while held: the first sample never overwritten */
	u64 stat_base_count[MAX_STATES], stat_base_res[MAX_STATES];
};

static DEFINE_PER_CPU(struct pmf_idle_cpu, pmf_idle_cpus);
static bool have_stat;
static u32 counter_hz;
static u32 smccc_version;
static const char *conduit_name;
static struct dentry *debug_dir;
static DEFINE_MUTEX(reset_lock);
/*
 * While the data are read (debugfs hold): no sample of a CPU numbered from
 * its hold_first on is overwritten, so that samples lists every one the
 * summary counted, however long the copy takes; a sample that would
 * overwrite one is not kept (counted as held).
 */
static bool held;

/* The firmware's ring, when it is read: where, how it was found. */
static bool use_ring;
static u8 *fw_map;		/* the region, by byte offset */
static u64 fw_base, fw_size, fw_records;
static const char *fw_described = "none";
static char ring_why[160] = "not asked";

static unsigned long smc(u32 fid, unsigned long a1, unsigned long a2, unsigned long a3,
			 unsigned long *r1)
{
	struct arm_smccc_res res;

	arm_smccc_1_1_invoke(fid, a1, a2, a3, &res);
	if (r1)
		*r1 = res.a1;
	return res.a0;
}

static u64 ticks_to_ns(u64 ticks)
{
	return mul_u64_u32_div(ticks, NSEC_PER_SEC, counter_hz);
}

static u64 my_mpidr(void)
{
	return read_cpuid_mpidr() & MPIDR_HWID_BITMASK;
}

/*
 * The deadline of the timer Linux runs this CPU's events on, in CNTPCT
 * ticks, or 0 if none is armed: the EL2 physical timer when the kernel
 * runs at EL2 (VHE: CNTP_* are CNTHP_* there), else the virtual one,
 * whose compare value is moved by the physical-virtual offset.
 */
static u64 armed_deadline(void)
{
	u64 ctl, cval, offset = 0;

	if (is_kernel_in_hyp_mode()) {
		ctl = read_sysreg(cntp_ctl_el0);
		cval = read_sysreg(cntp_cval_el0);
	} else {
		ctl = read_sysreg(cntv_ctl_el0);
		cval = read_sysreg(cntv_cval_el0);
		offset = read_sysreg(cntpct_el0) - read_sysreg(cntvct_el0);
	}
	if ((ctl & (ARCH_TIMER_CTRL_ENABLE | ARCH_TIMER_CTRL_IT_MASK)) != ARCH_TIMER_CTRL_ENABLE)
		return 0;
	return cval + offset;
}

static void drain_ring(struct pmf_idle_cpu *c);
static void read_by_smc(struct pmf_idle_cpu *c);

/*
 * The cpu_idle tracepoint, around every idle period of this CPU, with
 * interrupts masked. Entry: note the state entered, when, and the timer
 * armed; reading the ring, take its records once a batch of periods is
 * noted (PERIODS), else nothing. Exit: note the period; by SMC, read its
 * record now; with the trace event on, take the ring's now (inside the
 * period's cpu_idle span). Each side counts its own time.
 */
static void pmf_idle_probe(void *data, unsigned int state, unsigned int cpu)
{
	struct pmf_idle_cpu *c = this_cpu_ptr(&pmf_idle_cpus);
	struct pmf_idle_period *p;
	bool traced;
	u64 start, cost;

	isb();
	start = read_sysreg(cntpct_el0);
	if (state != (unsigned int)PWR_EVENT_EXIT) {
		if (use_ring && c->fw && c->period_count == PERIODS)
			drain_ring(c);
		c->entry_ticks = start;
		c->deadline = armed_deadline();
		c->pending = state < MAX_STATES ? (int)state : NO_STATE;
		isb();
		c->counts.entry_ticks += read_sysreg(cntpct_el0) - start;
		c->counts.entry_count++;
		return;
	}
	if (c->pending == NO_STATE || c->pending == 0)
		return;
	if (c->pending >= c->state_count || !c->states[c->pending].known) {
		c->counts.unmatched++;
		c->pending = NO_STATE;
		return;
	}
	/* (the entry drained a full batch: never full here but by SMC) */
	if (c->period_count == PERIODS)
		c->period_count = 0;
	p = &c->periods[c->period_count++];
	p->idx = c->pending;
	p->entry = c->entry_ticks;
	p->deadline = c->deadline;
	p->exit = start;
	c->pending = NO_STATE;
	traced = trace_psci_call_enabled();
	if (!use_ring)
		read_by_smc(c);
	else if (traced && c->fw)
		drain_ring(c);
	isb();
	cost = read_sysreg(cntpct_el0) - start;
	if (traced) {
		c->counts.traced_ticks += cost;
		c->counts.traced_count++;
	} else {
		c->counts.cost_ticks += cost;
		c->counts.cost_count++;
	}
}

static bool in_order(const u64 *ts)
{
	static const int order[] = RT_INSTR_RECORD_ORDER;
	int i;

	for (i = 1; i < RT_INSTR_TOTAL_IDS; i++)
		if (ts[order[i - 1]] > ts[order[i]])
			return false;
	return true;
}

/* Keep @s in @c's sample buffer, unless that would overwrite a held sample. */
static void keep_sample(struct pmf_idle_cpu *c, const struct pmf_idle_rec *s)
{
	struct pmf_idle_sample *slot = &c->ring[c->head % ring_size];

	if (READ_ONCE(held)) {
		/* Pairs with hold_write()'s smp_wmb(): hold_first, then held. */
		smp_rmb();
		if (c->head >= READ_ONCE(c->hold_first) + ring_size) {
			c->counts.held++;
			return;
		}
	}
	WRITE_ONCE(slot->seq, 0);
	/* The slot is marked busy before it changes (read_sample). */
	smp_wmb();
	slot->r = *s;
	/* ... and numbered once it holds the whole sample. */
	smp_wmb();
	WRITE_ONCE(slot->seq, c->head + 1);
	WRITE_ONCE(c->head, c->head + 1);
}

/* @ticks on the trace clock, from a pair (@now_ticks, @now_ns) read together; 0 stays 0. */
static u64 to_trace_ns(u64 ticks, u64 now_ticks, u64 now_ns)
{
	if (!ticks)
		return 0;
	if (ticks <= now_ticks)
		return now_ns - ticks_to_ns(now_ticks - ticks);
	return now_ns + ticks_to_ns(ticks - now_ticks);
}

static void emit(unsigned int cpu, const struct pmf_idle_rec *s)
{
	struct pmf_idle_event e;
	u64 now_ticks, now_ns;
	int i;

	/* A pair read together: the counter and the trace clock. */
	isb();
	now_ticks = read_sysreg(cntpct_el0);
	now_ns = trace_clock_local();

	e.seq = s->ring_seq;
	e.power_state = s->power_state;
	e.function = s->function;
	e.outcome = s->outcome;
	e.status = s->status;
	e.state = s->idx;
	for (i = 0; i < RT_INSTR_TOTAL_IDS; i++)
		e.ns[i] = to_trace_ns(s->ts[i], now_ticks, now_ns);
	e.idle_entry_ns = to_trace_ns(s->entry, now_ticks, now_ns);
	e.timer_deadline_ns = to_trace_ns(s->deadline, now_ticks, now_ns);
	e.idle_exit_ns = to_trace_ns(s->exit, now_ticks, now_ns);
	trace_psci_call(cpu, &e);
}

/*
 * One record of this CPU's: an idle period's own (@p: a CPU_SUSPEND begun
 * inside it) or, @p NULL, another call's; counted, kept and traced.
 */
static void take_record(struct pmf_idle_cpu *c, struct pmf_idle_rec *s,
			const struct pmf_idle_period *p)
{
	int idx = p ? p->idx : NO_STATE;

	s->idx = idx;
	s->entry = p ? p->entry : 0;
	s->deadline = p ? p->deadline : 0;
	s->exit = p ? p->exit : 0;
	if (p && s->outcome == PMF_RING_ENTERED &&
	    (!in_order(s->ts) || s->ts[RT_INSTR_EXIT_PSCI] > p->exit)) {
		c->counts.rejected_order[idx]++;
		return;
	}
	if (!p && (s->function & ~PMF_RING_FUNCTION_SMC64) == PMF_RING_FN_CPU_OFF)
		c->counts.cpu_off++;
	else if (!p)
		c->counts.other++;
	else if (s->outcome == PMF_RING_DENIED)
		c->counts.denied[idx]++;
	else if (s->outcome == PMF_RING_ABANDONED)
		/* A wake-up was already pending: no low power was entered. */
		c->counts.abandoned[idx]++;
	else
		c->counts.accepted[idx]++;
	keep_sample(c, s);
	if (trace_psci_call_enabled())
		emit(smp_processor_id(), s);
}

/*
 * The noted idle period @s began in, from the @next one on (records and
 * periods both come in time order: one walk), or NULL; one record per
 * period.
 */
static const struct pmf_idle_period *period_of(struct pmf_idle_cpu *c, unsigned int *next,
					       const struct pmf_idle_rec *s)
{
	u64 t = s->ts[RT_INSTR_ENTER_PSCI];

	if ((s->function & ~PMF_RING_FUNCTION_SMC64) != PMF_RING_FN_CPU_SUSPEND)
		return NULL;
	/* Periods that ended before it began had no record: skip them. */
	while (*next < c->period_count && c->periods[*next].exit < t)
		++*next;
	if (*next < c->period_count && c->periods[*next].entry <= t)
		return &c->periods[(*next)++];
	return NULL;
}

/*
 * The firmware's records of this CPU from the cursor to its head (only
 * this CPU writes them, and only this CPU's reader reads them: here, from
 * the idle exit or an IPI). The head is the firmware's; the normal world
 * may have scribbled over any of it (the firmware never reads it back),
 * so every value read is checked and each loop bounded: a record at or
 * below the head that is not complete is skipped and counted as torn, one
 * overwritten before it was read as lost.
 */
static void drain_ring(struct pmf_idle_cpu *c)
{
	struct pmf_idle_rec s;
	struct fw_record *r;
	unsigned int next = 0;
	u64 head, n;

	/* The firmware writes the head after the record's seq (release): records first. */
	head = smp_load_acquire(&c->fw->head);
	if (head + 1 < c->cursor) {
		/* Behind us: a scribbled head, or a cursor that followed one. */
		r = &c->fw_rec[(head - 1) & (fw_records - 1)];
		/* Its seq before its fields, as below. */
		if (head && smp_load_acquire(&r->seq) == head) {
			c->counts.torn++;
			c->cursor = head + 1;
		}
		c->period_count = 0;
		return;
	}
	if (head >= c->cursor + fw_records) {
		c->counts.lost += head - fw_records + 1 - c->cursor;
		c->cursor = head - fw_records + 1;
	}
	for (n = 0; c->cursor <= head && n < fw_records; n++, c->cursor++) {
		r = &c->fw_rec[(c->cursor - 1) & (fw_records - 1)];
		/* Pairs with the firmware's release of seq: the fields after it. */
		if (smp_load_acquire(&r->seq) != c->cursor) {
			c->counts.torn++;
			continue;
		}
		memcpy(s.ts, r->ts, sizeof(s.ts));
		s.power_state = READ_ONCE(r->power_state);
		s.function = READ_ONCE(r->function);
		s.outcome = READ_ONCE(r->outcome);
		s.status = READ_ONCE(r->status);
		/* Pairs with the firmware's first barrier: still this record? */
		smp_rmb();
		if (READ_ONCE(r->seq) != c->cursor) {
			c->counts.torn++;
			continue;
		}
		s.ring_seq = c->cursor;
		take_record(c, &s, period_of(c, &next, &s));
	}
	/* Every noted period's record was written before its exit: all taken. */
	c->period_count = 0;
}

/*
 * The last idle period's record by SMC (TF-A's ABI): the calling CPU's six
 * timestamps. The PMF line holds the latest power call's record only, and
 * says neither its function nor its outcome: a record older than the
 * period is another call's (rejected as stale), equal low-power stamps
 * mean it was abandoned.
 */
static void read_by_smc(struct pmf_idle_cpu *c)
{
	const struct pmf_idle_period *p = &c->periods[c->period_count - 1];
	struct pmf_idle_rec s;
	unsigned long val;
	int i, idx = p->idx;

	for (i = 0; i < RT_INSTR_TOTAL_IDS; i++) {
		/* Flags 0: this CPU's own line needs no maintenance. */
		c->counts.idle_smc++;
		if (smc(PMF_SMC_GET_TIMESTAMP_64, PMF_RT_INSTR_TID(i), c->mpidr, 0, &val)) {
			c->counts.rejected_stale[idx]++;
			c->period_count = 0;
			return;
		}
		s.ts[i] = val;
	}
	c->period_count = 0;
	if (s.ts[RT_INSTR_ENTER_PSCI] < p->entry) {
		c->counts.rejected_stale[idx]++;
		return;
	}
	s.function = PMF_RING_FN_CPU_SUSPEND;
	s.outcome = s.ts[RT_INSTR_ENTER_HW_LOW_PWR] == s.ts[RT_INSTR_EXIT_HW_LOW_PWR] ?
		    PMF_RING_ABANDONED : PMF_RING_ENTERED;
	s.power_state = c->states[idx].power_state;
	s.status = 0;
	s.ring_seq = 0;
	take_record(c, &s, p);
}

/* Copy sample @n of @c into @out; false if it was overwritten meanwhile. */
static bool read_sample(struct pmf_idle_cpu *c, u64 n, struct pmf_idle_sample *out)
{
	struct pmf_idle_sample *s = &c->ring[n % ring_size];

	if (READ_ONCE(s->seq) != n + 1)
		return false;
	/* Pairs with the writer's second smp_wmb(): the number, then the data. */
	smp_rmb();
	memcpy(out, s, sizeof(*out));
	/* Pairs with its first: the data, then the number is still the same. */
	smp_rmb();
	return READ_ONCE(s->seq) == n + 1;
}

static u64 first_sample(struct pmf_idle_cpu *c, u64 head)
{
	u64 oldest = head > ring_size ? head - ring_size : 0;

	return max(oldest, READ_ONCE(c->tail));
}

static const char *function_name(u8 function)
{
	static const struct {
		u8 number;
		const char *name;
	} functions[] = { PMF_RING_FOR_EACH_FUNCTION(PMF_IDLE_SYM) };
	int i;

	for (i = 0; i < ARRAY_SIZE(functions); i++)
		if (functions[i].number == (function & 0x1f))
			return functions[i].name;
	return "none";
}

static const char *outcome_name(u8 outcome)
{
	static const char *const names[] = PMF_RING_OUTCOME_NAMES;

	return outcome < ARRAY_SIZE(names) ? names[outcome] : "none";
}

static void show_ticks(struct seq_file *m, const char *name, u64 ticks)
{
	if (ticks)
		seq_printf(m, " %s=%llu", name, ticks);
	else
		seq_printf(m, " %s=none", name);
}

static void show_sample(struct seq_file *m, unsigned int cpu, struct pmf_idle_cpu *c,
			const struct pmf_idle_sample *sample)
{
	static const int order[] = RT_INSTR_RECORD_ORDER;
	const struct pmf_idle_rec *s = &sample->r;
	const u64 *ts = s->ts;
	int i;

	seq_printf(m, "sample cpu=%u seq=%llu idx=%d state=%s power_state=", cpu, sample->seq - 1,
		   s->idx, s->idx == NO_STATE ? "none" : c->states[s->idx].name);
	if (s->idx == NO_STATE || c->states[s->idx].has_power_state)
		seq_printf(m, "0x%08x", s->power_state);
	else
		seq_puts(m, "none");
	seq_printf(m, " function=%s outcome=%s status=%d ring_seq=%llu",
		   function_name(s->function), outcome_name(s->outcome), s->status, s->ring_seq);
	seq_printf(m, " powerdown=%lluns wakeup=%lluns cflush=%lluns",
		   ticks_to_ns(ts[RT_INSTR_ENTER_HW_LOW_PWR] - ts[RT_INSTR_ENTER_PSCI]),
		   ticks_to_ns(ts[RT_INSTR_EXIT_PSCI] - ts[RT_INSTR_EXIT_HW_LOW_PWR]),
		   ticks_to_ns(ts[RT_INSTR_EXIT_CFLUSH] - ts[RT_INSTR_ENTER_CFLUSH]));
	show_ticks(m, "entry", s->entry);
	show_ticks(m, "deadline", s->deadline);
	show_ticks(m, "exit", s->exit);
	seq_puts(m, " ticks=");
	for (i = 0; i < RT_INSTR_TOTAL_IDS; i++)
		seq_printf(m, "%s%llu", i ? "," : "", ts[order[i]]);
	seq_putc(m, '\n');
}

/*
 * samples: a seq_file position is (cpu << 48) | the sample's number; the
 * cursor handed to show() is that position + 1 (never NULL).
 */
#define POS_CPU_SHIFT	48
#define POS_N_MASK	((1ULL << POS_CPU_SHIFT) - 1)

static void *samples_seek(loff_t *pos)
{
	unsigned int cpu = *pos >> POS_CPU_SHIFT;
	u64 n = *pos & POS_N_MASK, head;
	struct pmf_idle_cpu *c;

	for (; cpu < nr_cpu_ids; cpu++, n = 0) {
		if (!cpu_possible(cpu))
			continue;
		c = per_cpu_ptr(&pmf_idle_cpus, cpu);
		head = READ_ONCE(c->head);
		n = max(n, first_sample(c, head));
		if (n < head) {
			*pos = ((loff_t)cpu << POS_CPU_SHIFT) | n;
			return (void *)(unsigned long)(*pos + 1);
		}
	}
	*pos = (loff_t)nr_cpu_ids << POS_CPU_SHIFT;
	return NULL;
}

static void *samples_start(struct seq_file *m, loff_t *pos)
{
	return samples_seek(pos);
}

static void *samples_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return samples_seek(pos);
}

static void samples_stop(struct seq_file *m, void *v)
{
}

static int samples_show(struct seq_file *m, void *v)
{
	u64 pos = (unsigned long)v - 1;
	unsigned int cpu = pos >> POS_CPU_SHIFT;
	struct pmf_idle_cpu *c = per_cpu_ptr(&pmf_idle_cpus, cpu);
	struct pmf_idle_sample s;

	/* A sample the writer lapped while it was read is left out. */
	if (read_sample(c, pos & POS_N_MASK, &s))
		show_sample(m, cpu, c, &s);
	return 0;
}

static const struct seq_operations samples_sops = {
	.start = samples_start,
	.next = samples_next,
	.stop = samples_stop,
	.show = samples_show,
};
DEFINE_SEQ_ATTRIBUTE(samples);

static bool stat_read(u64 mpidr, u32 power_state, u64 *count, u64 *residency)
{
	if (!have_stat)
		return false;
	*count = smc(PSCI_1_0_FN64_STAT_COUNT, mpidr, power_state, 0, NULL);
	*residency = smc(PSCI_1_0_FN64_STAT_RESIDENCY, mpidr, power_state, 0, NULL);
	return true;
}

/*
 * The module's counts and PSCI_STAT of one CPU at one instant: read on that
 * CPU (an IPI cannot land between the firmware's count of an idle exit and
 * the exit's cpu_idle event: both run with interrupts masked), after taking
 * the records the ring holds (a CPU_OFF's comes at the next CPU_ON), so
 * that the two agree exactly; an offline CPU's are read where we are.
 */
struct pmf_idle_snap {
	unsigned int cpu;
	u64 head;
	struct pmf_idle_counts counts;
	bool stat_ok[MAX_STATES];
	u64 stat_count[MAX_STATES], stat_res[MAX_STATES];
};

static void snap_here(void *arg)
{
	struct pmf_idle_snap *sn = arg;
	struct pmf_idle_cpu *c = per_cpu_ptr(&pmf_idle_cpus, sn->cpu);
	int i;

	if (use_ring && c->fw && sn->cpu == raw_smp_processor_id())
		drain_ring(c);
	sn->head = READ_ONCE(c->head);
	memcpy(&sn->counts, &c->counts, sizeof(sn->counts));
	for (i = 1; i < c->state_count; i++)
		sn->stat_ok[i] = c->mpidr_known && c->states[i].has_power_state &&
				 stat_read(c->mpidr, c->states[i].power_state,
					   &sn->stat_count[i], &sn->stat_res[i]);
}

static void snap_cpu(unsigned int cpu, struct pmf_idle_snap *sn)
{
	memset(sn, 0, sizeof(*sn));
	sn->cpu = cpu;
	if (smp_call_function_single(cpu, snap_here, sn, 1))
		snap_here(sn);
}

static void show_state(struct seq_file *m, unsigned int cpu, struct pmf_idle_cpu *c, int i,
		       const struct pmf_idle_snap *sn)
{
	const struct pmf_idle_counts *n = &sn->counts, *b = &c->base;
	struct pmf_idle_state *st = &c->states[i];

	seq_printf(m, "state cpu=%u idx=%d state=%s power_state=", cpu, i, st->name);
	if (st->has_power_state)
		seq_printf(m, "0x%08x", st->power_state);
	else
		seq_puts(m, "none");
	seq_printf(m, " entry_latency=%uus exit_latency=%uus min_residency=%uus",
		   st->entry_latency_us, st->exit_latency_us, st->min_residency_us);
	seq_printf(m, " accepted=%llu rejected_order=%llu rejected_stale=%llu abandoned=%llu denied=%llu",
		   n->accepted[i] - b->accepted[i],
		   n->rejected_order[i] - b->rejected_order[i],
		   n->rejected_stale[i] - b->rejected_stale[i],
		   n->abandoned[i] - b->abandoned[i], n->denied[i] - b->denied[i]);
	if (sn->stat_ok[i])
		seq_printf(m, " stat_count=%llu stat_residency=%lluus\n",
			   sn->stat_count[i] - c->stat_base_count[i],
			   sn->stat_res[i] - c->stat_base_res[i]);
	else
		seq_puts(m, " stat_count=none stat_residency=none\n");
}

/* Mean of @ticks over @count, in ns (0 for none). */
static u64 mean_ns(u64 ticks, u64 count)
{
	return count ? div64_u64(ticks_to_ns(ticks), count) : 0;
}

static int summary_show(struct seq_file *m, void *v)
{
	struct pmf_idle_snap *sn;
	unsigned int cpu;
	int i;

	sn = kmalloc(sizeof(*sn), GFP_KERNEL);
	if (!sn)
		return -ENOMEM;
	mutex_lock(&reset_lock);
	seq_printf(m, "pmf_idle 3\nkernel %s\nsmccc %u.%u conduit %s\n", init_utsname()->release,
		   smccc_version >> 16, smccc_version & 0xffff, conduit_name);
	seq_printf(m, "pmf_version %u\ncounter_hz %u\nring_size %u\npsci_stat %s\nmidr 0x%08x\n",
		   PMF_SMC_VERSION, counter_hz, ring_size, have_stat ? "yes" : "no",
		   read_cpuid_id());
	if (use_ring)
		seq_printf(m, "source ring base=0x%llx size=0x%llx records=%llu described=%s\n",
			   fw_base, fw_size, fw_records, fw_described);
	else
		seq_printf(m, "source smc why=%s\n", ring_why);
	for_each_possible_cpu(cpu) {
		struct pmf_idle_cpu *c = per_cpu_ptr(&pmf_idle_cpus, cpu);
		struct pmf_idle_counts *n = &sn->counts, *b = &c->base;
		u64 head, kept;

		if (!c->mpidr_known)
			continue;
		snap_cpu(cpu, sn);
		head = sn->head;
		kept = head - first_sample(c, head);
		seq_printf(m, "cpu cpu=%u mpidr=0x%llx next_seq=%llu kept=%llu overwritten=%llu unmatched=%llu",
			   cpu, c->mpidr, head, kept, head - READ_ONCE(c->tail) - kept,
			   n->unmatched - b->unmatched);
		seq_printf(m, " cpu_off=%llu other=%llu ring_torn=%llu ring_lost=%llu held=%llu idle_smc=%llu",
			   n->cpu_off - b->cpu_off, n->other - b->other, n->torn - b->torn,
			   n->lost - b->lost, n->held - b->held, n->idle_smc - b->idle_smc);
		seq_printf(m, " exits=%llu exit_cost=%lluns traced_exits=%llu traced_exit_cost=%lluns",
			   n->cost_count - b->cost_count,
			   mean_ns(n->cost_ticks - b->cost_ticks, n->cost_count - b->cost_count),
			   n->traced_count - b->traced_count,
			   mean_ns(n->traced_ticks - b->traced_ticks,
				   n->traced_count - b->traced_count));
		seq_printf(m, " entries=%llu entry_cost=%lluns\n", n->entry_count - b->entry_count,
			   mean_ns(n->entry_ticks - b->entry_ticks,
				   n->entry_count - b->entry_count));
		for (i = 1; i < c->state_count; i++)
			if (c->states[i].known)
				show_state(m, cpu, c, i, sn);
	}
	mutex_unlock(&reset_lock);
	kfree(sn);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(summary);

/* Start the counts and the samples shown afresh (PSCI_STAT too). */
static int reset_cpu(unsigned int cpu)
{
	struct pmf_idle_cpu *c = per_cpu_ptr(&pmf_idle_cpus, cpu);
	struct pmf_idle_snap *sn;
	int i;

	sn = kmalloc(sizeof(*sn), GFP_KERNEL);
	if (!sn)
		return -ENOMEM;
	snap_cpu(cpu, sn);
	memcpy(&c->base, &sn->counts, sizeof(c->base));
	WRITE_ONCE(c->tail, sn->head);
	WRITE_ONCE(c->hold_first, sn->head);
	for (i = 1; i < c->state_count; i++) {
		c->stat_base_count[i] = sn->stat_ok[i] ? sn->stat_count[i] : 0;
		c->stat_base_res[i] = sn->stat_ok[i] ? sn->stat_res[i] : 0;
	}
	kfree(sn);
	return 0;
}

static ssize_t reset_write(struct file *f, const char __user *buf, size_t len, loff_t *off)
{
	unsigned int cpu;
	int ret = 0;

	mutex_lock(&reset_lock);
	for_each_possible_cpu(cpu)
		ret = ret ?: reset_cpu(cpu);
	mutex_unlock(&reset_lock);
	return ret ?: len;
}

static const struct file_operations reset_fops = {
	.owner = THIS_MODULE,
	.write = reset_write,
	.llseek = noop_llseek,
};

/* hold: 1 keeps every sample shown from being overwritten, 0 lets them go. */
static ssize_t hold_write(struct file *f, const char __user *buf, size_t len, loff_t *off)
{
	unsigned int cpu;
	bool on;
	int ret = kstrtobool_from_user(buf, len, &on);

	if (ret)
		return ret;
	mutex_lock(&reset_lock);
	if (on && !held) {
		for_each_possible_cpu(cpu) {
			struct pmf_idle_cpu *c = per_cpu_ptr(&pmf_idle_cpus, cpu);

			WRITE_ONCE(c->hold_first, first_sample(c, READ_ONCE(c->head)));
		}
		/* Pairs with keep_sample()'s smp_rmb(). */
		smp_wmb();
	}
	WRITE_ONCE(held, on);
	mutex_unlock(&reset_lock);
	return len;
}

static ssize_t hold_read(struct file *f, char __user *buf, size_t len, loff_t *off)
{
	char text[3] = { READ_ONCE(held) ? '1' : '0', '\n', 0 };

	return simple_read_from_buffer(buf, len, off, text, 2);
}

static const struct file_operations hold_fops = {
	.owner = THIS_MODULE,
	.read = hold_read,
	.write = hold_write,
	.llseek = default_llseek,
};

/* The DT's idle state of @cpu that cpuidle calls @name (cpu-idle-states). */
static void dt_state(unsigned int cpu, struct pmf_idle_state *st)
{
	struct device_node *cn = of_get_cpu_node(cpu, NULL), *sn;
	int i;

	if (!cn)
		return;
	for (i = 0; (sn = of_parse_phandle(cn, "cpu-idle-states", i)); i++) {
		if (of_node_name_eq(sn, st->name) &&
		    !of_property_read_u32(sn, "arm,psci-suspend-param", &st->power_state)) {
			st->has_power_state = true;
			of_property_read_u32(sn, "entry-latency-us", &st->entry_latency_us);
			of_property_read_u32(sn, "exit-latency-us", &st->exit_latency_us);
			of_property_read_u32(sn, "min-residency-us", &st->min_residency_us);
			of_node_put(sn);
			break;
		}
		of_node_put(sn);
	}
	of_node_put(cn);
}

/* What each CPU's PMF_GET_RING said (capture_cpu), checked in find_ring(). */
struct ring_answer {
	unsigned long x0, base, size, layout;
};

static DEFINE_PER_CPU(struct ring_answer, ring_answers);

/* On each online CPU: its MPIDR, cpuidle driver's states and PMF_GET_RING's answer. */
static void capture_cpu(void *unused)
{
	struct pmf_idle_cpu *c = this_cpu_ptr(&pmf_idle_cpus);
	struct ring_answer *a = this_cpu_ptr(&ring_answers);
	struct cpuidle_driver *drv = cpuidle_get_driver();
	struct arm_smccc_res res;
	int i;

	c->mpidr = my_mpidr();
	c->mpidr_known = true;
	memset(a, 0, sizeof(*a));
	a->x0 = SMCCC_RET_NOT_SUPPORTED;
	if (strcmp(source, "smc")) {
		arm_smccc_1_1_invoke(PMF_SMC_GET_RING_64, c->mpidr, 0, 0, &res);
		*a = (struct ring_answer){ res.a0, res.a1, res.a2, res.a3 };
	}
	if (!drv)
		return;
	c->state_count = min(drv->state_count, MAX_STATES);
	for (i = 1; i < c->state_count; i++) {
		strscpy(c->states[i].name, drv->states[i].name, CPUIDLE_NAME_LEN);
		c->states[i].known = true;
	}
}

/* The DT's description of the ring, if it has one: "dt", else why not. */
static const char *dt_described(void)
{
	struct device_node *np = of_find_compatible_node(NULL, NULL, "n1fw,pmf-ring");
	struct resource r;
	const char *what = "dt";

	if (!np)
		return of_have_populated_dt() ? "none" : "none-acpi";
	if (of_address_to_resource(np, 0, &r) || r.start != fw_base ||
	    resource_size(&r) != fw_size || !of_property_read_bool(np, "no-map"))
		what = "mismatch";
	of_node_put(np);
	return what;
}

/*
 * Use the firmware's ring if every CPU's PMF_GET_RING describes one this
 * reader understands, in memory Linux does not use; else say why (then
 * the SMCs serve, unless source=ring asked for the ring).
 */
static bool find_ring(void)
{
	struct ring_answer *a0 = NULL, *a;
	unsigned int cpu;
	u64 records, record_bytes, offset;

	for_each_possible_cpu(cpu) {
		struct pmf_idle_cpu *c = per_cpu_ptr(&pmf_idle_cpus, cpu);

		if (!c->mpidr_known)
			continue;
		a = per_cpu_ptr(&ring_answers, cpu);
		if (a->x0) {
			snprintf(ring_why, sizeof(ring_why),
				 "PMF_GET_RING (0x%x) returned %ld on CPU %u: the firmware has no call ring",
				 PMF_SMC_GET_RING_64, (long)a->x0, cpu);
			return false;
		}
		if (!a0)
			a0 = a;
		if (a->base != a0->base || a->size != a0->size ||
		    (u32)a->layout != (u32)a0->layout) {
			snprintf(ring_why, sizeof(ring_why),
				 "PMF_GET_RING describes different regions on different CPUs");
			return false;
		}
	}
	if (!a0) {
		snprintf(ring_why, sizeof(ring_why), "no CPU known");
		return false;
	}
	fw_base = a0->base;
	fw_size = a0->size;
	records = (a0->layout >> PMF_RING_LAYOUT_RECORDS_SHIFT) & 0xffff;
	record_bytes = 1ULL << ((a0->layout >> PMF_RING_LAYOUT_RECORD_SHIFT) & 0x3f);
	if (((a0->layout >> PMF_RING_LAYOUT_VERSION_SHIFT) & 0xff) != PMF_RING_VERSION ||
	    record_bytes != PMF_RING_LINE || !is_power_of_2(records) ||
	    !PAGE_ALIGNED(fw_base) || !PAGE_ALIGNED(fw_size) || !fw_size) {
		snprintf(ring_why, sizeof(ring_why),
			 "PMF_GET_RING's layout 0x%lx, region 0x%llx of 0x%llx bytes: not one this reader knows",
			 a0->layout, fw_base, fw_size);
		return false;
	}
	fw_records = records;
	/* Memory the kernel allocates from is no ring of the firmware's. */
	if (region_intersects(fw_base, fw_size, IORESOURCE_SYSTEM_RAM, IORES_DESC_NONE) !=
	    REGION_DISJOINT) {
		snprintf(ring_why, sizeof(ring_why),
			 "the ring at 0x%llx is System RAM to Linux (no /reserved-memory no-map, or no reservation in the firmware's memory map)",
			 fw_base);
		return false;
	}
	fw_described = dt_described();
	if (!strcmp(fw_described, "mismatch")) {
		snprintf(ring_why, sizeof(ring_why),
			 "the DT's n1fw,pmf-ring node does not describe PMF_GET_RING's region 0x%llx",
			 fw_base);
		return false;
	}
	/* As the firmware maps it: Normal, write-back, inner shareable. */
	fw_map = memremap(fw_base, fw_size, MEMREMAP_WB);
	if (!fw_map) {
		snprintf(ring_why, sizeof(ring_why), "memremap of 0x%llx failed", fw_base);
		return false;
	}
	for_each_possible_cpu(cpu) {
		struct pmf_idle_cpu *c = per_cpu_ptr(&pmf_idle_cpus, cpu);

		a = per_cpu_ptr(&ring_answers, cpu);
		offset = a->layout >> PMF_RING_LAYOUT_OFFSET_SHIFT;
		if (!c->mpidr_known || offset + (1 + fw_records) * PMF_RING_LINE > fw_size)
			continue;
		c->fw = (struct fw_header *)(fw_map + offset);
		c->fw_rec = (struct fw_record *)(fw_map + offset + PMF_RING_LINE);
		/* From the newest record on: older ones are no exit of ours. */
		c->cursor = READ_ONCE(c->fw->head) + 1;
	}
	return true;
}

static void free_rings(void)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu) {
		vfree(per_cpu_ptr(&pmf_idle_cpus, cpu)->ring);
		per_cpu_ptr(&pmf_idle_cpus, cpu)->ring = NULL;
	}
	if (fw_map)
		memunmap(fw_map);
	fw_map = NULL;
}

static bool psci_has(u32 fid)
{
	return (long)smc(PSCI_1_0_FN_PSCI_FEATURES, fid, 0, 0, NULL) >= 0;
}

/* Refuse, with one line, unless SMCCC, PSCI and PMF's timestamps are there. */
static int discover(void)
{
	enum arm_smccc_conduit conduit = arm_smccc_1_1_get_conduit();
	unsigned long r0, r1;

	if (conduit == SMCCC_CONDUIT_NONE) {
		pr_err("no SMCCC 1.1 conduit (SMCCC v%u.%u): cannot reach the firmware; not loading\n",
		       arm_smccc_get_version() >> 16, arm_smccc_get_version() & 0xffff);
		return -ENODEV;
	}
	conduit_name = conduit == SMCCC_CONDUIT_SMC ? "smc" : "hvc";
	smccc_version = arm_smccc_get_version();
	r0 = smc(PMF_SMC_GET_VERSION_64, 0, 0, 0, &r1);
	if (r0 != 0 || r1 != PMF_SMC_VERSION) {
		pr_err("PMF_GET_VERSION (0x%x) returned %ld, version %lu: the firmware has no PMF v%u (built without ENABLE_RUNTIME_INSTRUMENTATION?); not loading\n",
		       PMF_SMC_GET_VERSION_64, (long)r0, r1, PMF_SMC_VERSION);
		return -ENODEV;
	}
	r0 = smc(PMF_SMC_GET_TIMESTAMP_64, PMF_RT_INSTR_TID(RT_INSTR_ENTER_PSCI), my_mpidr(), 0,
		 &r1);
	if (r0 != 0) {
		pr_err("PMF has no runtime-instrumentation timestamps (GET_TIMESTAMP returned %ld); not loading\n",
		       (long)r0);
		return -ENODEV;
	}
	/* PSCI_FEATURES is PSCI 1.0's (DEN0022 5.15); a negative result: absent. */
	r0 = smc(PSCI_0_2_FN_PSCI_VERSION, 0, 0, 0, NULL);
	have_stat = PSCI_VERSION_MAJOR(r0) >= 1 && psci_has(PSCI_1_0_FN64_STAT_COUNT) &&
		    psci_has(PSCI_1_0_FN64_STAT_RESIDENCY);
	counter_hz = arch_timer_get_cntfrq();
	if (!counter_hz) {
		pr_err("CNTFRQ_EL0 reads 0: no counter frequency to turn ticks into ns; not loading\n");
		return -ENODEV;
	}
	return 0;
}

static int __init pmf_idle_init(void)
{
	unsigned int cpu;
	int ret, i;

	if (ring_size < 16 || ring_size > (1U << 20)) {
		pr_err("ring_size=%u: give 16 to 1048576 samples per CPU; not loading\n",
		       ring_size);
		return -EINVAL;
	}
	if (strcmp(source, "auto") && strcmp(source, "ring") && strcmp(source, "smc")) {
		pr_err("source=%s: give auto, ring or smc; not loading\n", source);
		return -EINVAL;
	}
	ret = discover();
	if (ret)
		return ret;
	for_each_possible_cpu(cpu) {
		struct pmf_idle_cpu *c = per_cpu_ptr(&pmf_idle_cpus, cpu);

		memset(c, 0, sizeof(*c));
		c->pending = NO_STATE;
		c->ring = vzalloc(array_size(ring_size, sizeof(*c->ring)));
		if (!c->ring) {
			free_rings();
			return -ENOMEM;
		}
	}
	cpus_read_lock();
	on_each_cpu(capture_cpu, NULL, 1);
	cpus_read_unlock();
	if (strcmp(source, "smc")) {
		use_ring = find_ring();
		if (!use_ring && !strcmp(source, "ring")) {
			pr_err("source=ring: %s; not loading\n", ring_why);
			free_rings();
			return -ENODEV;
		}
	} else {
		snprintf(ring_why, sizeof(ring_why), "source=smc");
	}
	for_each_possible_cpu(cpu) {
		struct pmf_idle_cpu *c = per_cpu_ptr(&pmf_idle_cpus, cpu);

		for (i = 1; i < c->state_count; i++)
			dt_state(cpu, &c->states[i]);
		ret = reset_cpu(cpu);
		if (ret) {
			free_rings();
			return ret;
		}
	}

	debug_dir = debugfs_create_dir(KBUILD_MODNAME, NULL);
	debugfs_create_file("samples", 0444, debug_dir, NULL, &samples_fops);
	debugfs_create_file("summary", 0444, debug_dir, NULL, &summary_fops);
	debugfs_create_file("reset", 0200, debug_dir, NULL, &reset_fops);
	debugfs_create_file("hold", 0600, debug_dir, NULL, &hold_fops);

	ret = register_trace_cpu_idle(pmf_idle_probe, NULL);
	if (ret)
		goto fail_trace;
	if (use_ring)
		pr_info("PMF v%u over SMCCC v%u.%u (%s), counter %u Hz, PSCI_STAT %s, %u samples per CPU; the call ring at 0x%llx (0x%llx bytes, %llu records per CPU, DT: %s): no SMC per idle exit\n",
			PMF_SMC_VERSION, smccc_version >> 16, smccc_version & 0xffff,
			conduit_name, counter_hz, have_stat ? "read" : "absent", ring_size,
			fw_base, fw_size, fw_records, fw_described);
	else
		pr_info("PMF v%u over SMCCC v%u.%u (%s), counter %u Hz, PSCI_STAT %s, %u samples per CPU; %s: %d PMF SMCs per idle exit\n",
			PMF_SMC_VERSION, smccc_version >> 16, smccc_version & 0xffff,
			conduit_name, counter_hz, have_stat ? "read" : "absent", ring_size,
			ring_why, RT_INSTR_TOTAL_IDS);
	return 0;

fail_trace:
	debugfs_remove_recursive(debug_dir);
	free_rings();
	return ret;
}

static void __exit pmf_idle_exit(void)
{
	unregister_trace_cpu_idle(pmf_idle_probe, NULL);
	/* No probe runs past here: this waits for the tracepoint's RCU readers. */
	tracepoint_synchronize_unregister();
	debugfs_remove_recursive(debug_dir);
	free_rings();
}

module_init(pmf_idle_init);
module_exit(pmf_idle_exit);

MODULE_DESCRIPTION("PSCI idle latency from the firmware's PMF call ring or timestamps");
MODULE_AUTHOR("n1fw");
MODULE_LICENSE("Dual BSD/GPL");
