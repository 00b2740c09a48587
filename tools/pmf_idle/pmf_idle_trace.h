/* SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause */
/*
 * pmf_idle's trace event (docs/tools/pmf_idle.rst): one per PSCI power call
 * record, on the CPU that made the call, emitted when the module takes the
 * record (its CPU_PM_EXIT, inside the cpu_idle span of an idle exit). The
 * firmware's six timestamps (stamps[], in PMF's index order; printed by
 * name in the order a call takes them) and the idle entry, the armed timer
 * deadline and the module's own exit read are nanoseconds on the trace
 * clock ("local", trace_clock_local()), 0 when there is none.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM pmf_idle

#ifndef PMF_IDLE_EVENT_H
#define PMF_IDLE_EVENT_H
#include "pmf_abi.h"

/* One record as the module hands it to the event (pmf_idle.c). */
struct pmf_idle_event {
	u64 seq;
	u32 power_state;
	u8 function;
	u8 outcome;
	s16 status;
	int state;
	u64 ns[RT_INSTR_TOTAL_IDS];
	u64 idle_entry_ns, timer_deadline_ns, idle_exit_ns;
};
#endif

#if !defined(PMF_IDLE_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define PMF_IDLE_TRACE_H

#include <linux/tracepoint.h>

/* The six stamps print by name, in the order a call takes them. */
#define PMF_IDLE_FMT(up, low) " " #low "=%llu"
#define PMF_IDLE_ARG(up, low) (__entry->stamps[RT_INSTR_##up]),
#define PMF_IDLE_SYM(name, value) { value, #name },

TRACE_EVENT(psci_call,
	    TP_PROTO(unsigned int cpu, const struct pmf_idle_event *e),
	    TP_ARGS(cpu, e),
	    TP_STRUCT__entry(__field(u32, cpu)
			     __field(s32, state)
			     __field(u64, seq)
			     __field(u32, power_state)
			     __field(u8, function)
			     __field(u8, outcome)
			     __field(s16, status)
			     __array(u64, stamps, RT_INSTR_TOTAL_IDS)
			     __field(u64, idle_entry)
			     __field(u64, timer_deadline)
			     __field(u64, idle_exit)),
	    TP_fast_assign(__entry->cpu = cpu;
			   __entry->state = e->state;
			   __entry->seq = e->seq;
			   __entry->power_state = e->power_state;
			   __entry->function = e->function;
			   __entry->outcome = e->outcome;
			   __entry->status = e->status;
			   memcpy(__entry->stamps, e->ns, sizeof(__entry->stamps));
			   __entry->idle_entry = e->idle_entry_ns;
			   __entry->timer_deadline = e->timer_deadline_ns;
			   __entry->idle_exit = e->idle_exit_ns;),
	    TP_printk("cpu=%u state=%d function=%s smc64=%u power_state=0x%08x outcome=%s status=%d seq=%llu"
		      RT_INSTR_FOR_EACH_IN_ORDER(PMF_IDLE_FMT)
		      " idle_entry=%llu timer_deadline=%llu idle_exit=%llu",
		      __entry->cpu, __entry->state,
		      __print_symbolic(__entry->function & 0x1f,
				       PMF_RING_FOR_EACH_FUNCTION(PMF_IDLE_SYM) { 0, "none" }),
		      !!(__entry->function & PMF_RING_FUNCTION_SMC64), __entry->power_state,
		      __print_symbolic(__entry->outcome,
				       PMF_RING_FOR_EACH_OUTCOME(PMF_IDLE_SYM) { 0, "none" }),
		      __entry->status, __entry->seq,
		      RT_INSTR_FOR_EACH_IN_ORDER(PMF_IDLE_ARG)
		      __entry->idle_entry, __entry->timer_deadline, __entry->idle_exit)
);

#endif /* PMF_IDLE_TRACE_H */

#undef TRACE_INCLUDE_PATH
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE pmf_idle_trace
#include <trace/define_trace.h>
