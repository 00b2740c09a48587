// SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause
/*
 * pmf_idle: the firmware's PSCI latency under a running Linux.
 *
 * On every return from a PSCI power-down idle state (the CPU PM notifier's
 * CPU_PM_EXIT), read the calling CPU's six runtime-instrumentation
 * timestamps through the PMF SMC (TF-A's ABI: PMF_SMC_GET_TIMESTAMP_64,
 * Vendor-Specific EL3 service, SMCCC DEN0028 6.1) and keep Powerdown,
 * Wakeup and Cache Flush, in ns, in a per-CPU ring. docs/tools/pmf_idle.rst
 * describes the debugfs interface (samples, summary, reset) and the checks.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/arm-smccc.h>
#include <linux/cpu.h>
#include <linux/cpu_pm.h>
#include <linux/cpuidle.h>
#include <linux/debugfs.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/percpu.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/uaccess.h>
#include <linux/utsname.h>
#include <linux/vmalloc.h>
#include <uapi/linux/psci.h>
#include <asm/arch_timer.h>
#include <asm/cputype.h>
#include <trace/events/power.h>

/* PMF SMC (TF-A's ABI; docs/design/pmf.rst) */
#define PMF_SMC_GET_TIMESTAMP_64	0xC7000020
#define PMF_SMC_GET_VERSION_64		0xC7000021
#define PMF_SMC_VERSION			1
/* Runtime instrumentation: service 1, implementation id 'A' (0x41). */
#define PMF_RT_INSTR_TID(idx)		(0x41000400 + (idx))

/* The six timestamps, in TF-A's index order. */
enum {
	TS_ENTER_PSCI,
	TS_EXIT_PSCI,
	TS_ENTER_HW_LOW_PWR,
	TS_EXIT_HW_LOW_PWR,
	TS_ENTER_CFLUSH,
	TS_EXIT_CFLUSH,
	TS_COUNT
};

#define MAX_STATES	CPUIDLE_STATE_MAX
#define NO_STATE	(-1)

static unsigned int ring_size = 4096;
module_param(ring_size, uint, 0444);
MODULE_PARM_DESC(ring_size, "samples kept per CPU (16 to 1048576; default 4096)");

/* One sample; @seq (its number + 1) is written last and read first. */
struct pmf_idle_sample {
	u64 seq;
	u64 ts[TS_COUNT];
	u32 idx;
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
	u64 unmatched;
	u64 cost_ticks;
	u64 cost_count;
};

struct pmf_idle_cpu {
	struct pmf_idle_sample *ring;
	u64 head;	/* samples ever written */
	int pending;	/* the idle state entered, or NO_STATE */
	u64 entry_ticks;	/* CNTPCT when it was entered */
	u64 mpidr;
	bool mpidr_known;
	int state_count;
	struct pmf_idle_state states[MAX_STATES];
	struct pmf_idle_counts counts, base;
	u64 tail;	/* first sample shown (reset) */
	u64 stat_base_count[MAX_STATES], stat_base_res[MAX_STATES];
};

static DEFINE_PER_CPU(struct pmf_idle_cpu, pmf_idle_cpus);
static bool have_stat;
static u32 counter_hz;
static u32 smccc_version;
static const char *conduit_name;
static struct dentry *debug_dir;
static DEFINE_MUTEX(reset_lock);

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

/* The cpu_idle tracepoint: note the state this CPU enters, and when. */
static void pmf_idle_probe(void *data, unsigned int state, unsigned int cpu)
{
	struct pmf_idle_cpu *c = this_cpu_ptr(&pmf_idle_cpus);

	if (state == (unsigned int)PWR_EVENT_EXIT) {
		c->pending = NO_STATE;
		return;
	}
	isb();
	c->entry_ticks = read_sysreg(cntpct_el0);
	c->pending = state < MAX_STATES ? (int)state : NO_STATE;
}

static bool in_order(const u64 *ts)
{
	return ts[TS_ENTER_PSCI] <= ts[TS_ENTER_CFLUSH] &&
	       ts[TS_ENTER_CFLUSH] <= ts[TS_EXIT_CFLUSH] &&
	       ts[TS_EXIT_CFLUSH] <= ts[TS_ENTER_HW_LOW_PWR] &&
	       ts[TS_ENTER_HW_LOW_PWR] <= ts[TS_EXIT_HW_LOW_PWR] &&
	       ts[TS_EXIT_HW_LOW_PWR] <= ts[TS_EXIT_PSCI];
}

/* CPU_PM_EXIT: this CPU is back from a PSCI power-down; read its record. */
static int pmf_idle_notify(struct notifier_block *nb, unsigned long action, void *data)
{
	struct pmf_idle_cpu *c;
	struct pmf_idle_sample *s;
	u64 ts[TS_COUNT], start, mpidr;
	unsigned long val;
	int i, idx;

	if (action != CPU_PM_EXIT)
		return NOTIFY_OK;
	isb();
	start = read_sysreg(cntpct_el0);
	c = this_cpu_ptr(&pmf_idle_cpus);
	idx = c->pending;
	c->pending = NO_STATE;
	if (idx == NO_STATE || idx >= c->state_count || !c->states[idx].known) {
		c->counts.unmatched++;
		return NOTIFY_OK;
	}
	mpidr = my_mpidr();
	if (!c->mpidr_known) {
		c->mpidr = mpidr;
		c->mpidr_known = true;
	}
	for (i = 0; i < TS_COUNT; i++) {
		/* Flags 0: this CPU's own line needs no maintenance. */
		if (smc(PMF_SMC_GET_TIMESTAMP_64, PMF_RT_INSTR_TID(i), mpidr, 0, &val)) {
			c->counts.rejected_stale[idx]++;
			goto out;
		}
		ts[i] = val;
	}
	if (ts[TS_ENTER_PSCI] < c->entry_ticks) {
		c->counts.rejected_stale[idx]++;
	} else if (!in_order(ts) || ts[TS_EXIT_PSCI] > start) {
		c->counts.rejected_order[idx]++;
	} else if (ts[TS_ENTER_HW_LOW_PWR] == ts[TS_EXIT_HW_LOW_PWR]) {
		/* A wake-up was already pending: no low power was entered. */
		c->counts.abandoned[idx]++;
	} else {
		s = &c->ring[c->head % ring_size];
		WRITE_ONCE(s->seq, 0);
		/* The slot is marked busy before it changes (read_sample). */
		smp_wmb();
		memcpy(s->ts, ts, sizeof(ts));
		s->idx = idx;
		/* ... and numbered once it holds the whole sample. */
		smp_wmb();
		WRITE_ONCE(s->seq, c->head + 1);
		WRITE_ONCE(c->head, c->head + 1);
		c->counts.accepted[idx]++;
	}
out:
	isb();
	c->counts.cost_ticks += read_sysreg(cntpct_el0) - start;
	c->counts.cost_count++;
	return NOTIFY_OK;
}

static struct notifier_block pmf_idle_nb = {
	.notifier_call = pmf_idle_notify,
};

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

static void show_sample(struct seq_file *m, unsigned int cpu, struct pmf_idle_cpu *c,
			const struct pmf_idle_sample *s)
{
	const struct pmf_idle_state *st = &c->states[s->idx];
	const u64 *ts = s->ts;

	seq_printf(m, "sample cpu=%u seq=%llu idx=%u state=%s power_state=", cpu, s->seq - 1,
		   s->idx, st->name);
	if (st->has_power_state)
		seq_printf(m, "0x%08x", st->power_state);
	else
		seq_puts(m, "none");
	seq_printf(m, " powerdown=%lluns wakeup=%lluns cflush=%lluns",
		   ticks_to_ns(ts[TS_ENTER_HW_LOW_PWR] - ts[TS_ENTER_PSCI]),
		   ticks_to_ns(ts[TS_EXIT_PSCI] - ts[TS_EXIT_HW_LOW_PWR]),
		   ticks_to_ns(ts[TS_EXIT_CFLUSH] - ts[TS_ENTER_CFLUSH]));
	seq_printf(m, " ticks=%llu,%llu,%llu,%llu,%llu,%llu\n", ts[TS_ENTER_PSCI],
		   ts[TS_ENTER_CFLUSH], ts[TS_EXIT_CFLUSH], ts[TS_ENTER_HW_LOW_PWR],
		   ts[TS_EXIT_HW_LOW_PWR], ts[TS_EXIT_PSCI]);
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
 * CPU_PM_EXIT: both run with interrupts masked), so that the two agree
 * exactly; an offline CPU's are read where we are.
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
	seq_printf(m, " accepted=%llu rejected_order=%llu rejected_stale=%llu abandoned=%llu",
		   n->accepted[i] - b->accepted[i],
		   n->rejected_order[i] - b->rejected_order[i],
		   n->rejected_stale[i] - b->rejected_stale[i],
		   n->abandoned[i] - b->abandoned[i]);
	if (sn->stat_ok[i])
		seq_printf(m, " stat_count=%llu stat_residency=%lluus\n",
			   sn->stat_count[i] - c->stat_base_count[i],
			   sn->stat_res[i] - c->stat_base_res[i]);
	else
		seq_puts(m, " stat_count=none stat_residency=none\n");
}

static int summary_show(struct seq_file *m, void *v)
{
	struct pmf_idle_snap *sn;
	unsigned int cpu;
	u64 cnt;
	int i;

	sn = kmalloc(sizeof(*sn), GFP_KERNEL);
	if (!sn)
		return -ENOMEM;
	mutex_lock(&reset_lock);
	seq_printf(m, "pmf_idle 1\nkernel %s\nsmccc %u.%u conduit %s\n", init_utsname()->release,
		   smccc_version >> 16, smccc_version & 0xffff, conduit_name);
	seq_printf(m, "pmf_version %u\ncounter_hz %u\nring_size %u\npsci_stat %s\nmidr 0x%08x\n",
		   PMF_SMC_VERSION, counter_hz, ring_size, have_stat ? "yes" : "no",
		   read_cpuid_id());
	for_each_possible_cpu(cpu) {
		struct pmf_idle_cpu *c = per_cpu_ptr(&pmf_idle_cpus, cpu);
		struct pmf_idle_counts *n = &sn->counts, *b = &c->base;
		u64 head, kept;

		if (!c->mpidr_known)
			continue;
		snap_cpu(cpu, sn);
		head = sn->head;
		kept = head - first_sample(c, head);
		cnt = n->cost_count - b->cost_count;
		seq_printf(m, "cpu cpu=%u mpidr=0x%llx next_seq=%llu kept=%llu overwritten=%llu unmatched=%llu exit_cost=%lluns\n",
			   cpu, c->mpidr, head, kept, head - READ_ONCE(c->tail) - kept,
			   n->unmatched - b->unmatched,
			   cnt ? div64_u64(ticks_to_ns(n->cost_ticks - b->cost_ticks), cnt) : 0);
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

/* On each online CPU: its MPIDR and cpuidle driver's states. */
static void capture_cpu(void *unused)
{
	struct pmf_idle_cpu *c = this_cpu_ptr(&pmf_idle_cpus);
	struct cpuidle_driver *drv = cpuidle_get_driver();
	int i;

	c->mpidr = my_mpidr();
	c->mpidr_known = true;
	if (!drv)
		return;
	c->state_count = min(drv->state_count, MAX_STATES);
	for (i = 1; i < c->state_count; i++) {
		strscpy(c->states[i].name, drv->states[i].name, CPUIDLE_NAME_LEN);
		c->states[i].known = true;
	}
}

static void free_rings(void)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu) {
		vfree(per_cpu_ptr(&pmf_idle_cpus, cpu)->ring);
		per_cpu_ptr(&pmf_idle_cpus, cpu)->ring = NULL;
	}
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
	r0 = smc(PMF_SMC_GET_TIMESTAMP_64, PMF_RT_INSTR_TID(TS_ENTER_PSCI), my_mpidr(), 0, &r1);
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

	ret = register_trace_cpu_idle(pmf_idle_probe, NULL);
	if (ret)
		goto fail_trace;
	ret = cpu_pm_register_notifier(&pmf_idle_nb);
	if (ret)
		goto fail_pm;
	pr_info("PMF v%u over SMCCC v%u.%u (%s), counter %u Hz, PSCI_STAT %s, %u samples per CPU\n",
		PMF_SMC_VERSION, smccc_version >> 16, smccc_version & 0xffff, conduit_name,
		counter_hz, have_stat ? "read" : "absent", ring_size);
	return 0;

fail_pm:
	unregister_trace_cpu_idle(pmf_idle_probe, NULL);
	tracepoint_synchronize_unregister();
fail_trace:
	debugfs_remove_recursive(debug_dir);
	free_rings();
	return ret;
}

static void __exit pmf_idle_exit(void)
{
	cpu_pm_unregister_notifier(&pmf_idle_nb);
	unregister_trace_cpu_idle(pmf_idle_probe, NULL);
	/*
	 * No probe or notifier runs past here: this waits for RCU readers,
	 * which both are (the CPU PM chain is called RCU-watching).
	 */
	tracepoint_synchronize_unregister();
	debugfs_remove_recursive(debug_dir);
	free_rings();
}

module_init(pmf_idle_init);
module_exit(pmf_idle_exit);

MODULE_DESCRIPTION("PSCI idle latency from the firmware's PMF timestamps");
MODULE_AUTHOR("n1fw");
MODULE_LICENSE("Dual BSD/GPL");
