/*
 * The pure part of PSCI: power_state decoding and last-CPU-down
 * coordination (DEN0022 4.4, 4.5, 5.4.2). No locks, no system registers,
 * so the host unit tests drive it directly. The types it shares with the
 * platforms (power levels, local states, struct psci_power_state) belong
 * to the porting contract, include/plat/plat_psci.h.
 */
#ifndef LIB_PSCI_COORD_H
#define LIB_PSCI_COORD_H

#include <stdbool.h>
#include <stdint.h>

#include <plat/plat_psci.h>
#include <platform_def.h>

/* A decoded original-format power_state (DEN0022 5.4.2). */
struct psci_pstate_fields {
	bool powerdown;       /* StateType: 1 = power-down, 0 = standby */
	unsigned int level;   /* PowerLevel: the highest level affected */
	uint32_t power_state; /* the value, whole (psci_last_at_level) */
};

/*
 * Split @power_state into its fields (f->power_state whatever the result).
 * Returns 0, or PSCI_E_INVALID_PARAMS (-2) when a should-be-zero bit (mask
 * 0xFCFE0000) is set or the level is beyond PLAT_MAX_PWR_LVL.
 */
int psci_decode_power_state(uint32_t power_state, struct psci_pstate_fields *f);

/*
 * Does @table (@count entries) spell its StateIDs in DEN0022's recommended
 * encoding, so that the last-at-level field may be added to any of them
 * without ambiguity, and its StateIDs say what the caller asks for
 * (psci_asked_state)? True when there is room for the field above the
 * levels' fields in the 16-bit StateID, and every entry's StateID has
 * nothing there and names, per level, a local state (0-2) that is the
 * state the entry grants, and run above its PowerLevel. At the highest
 * level alone the entry may grant a shallower state than its StateID
 * names (a system level the platform cannot power or retain): no
 * OS-initiated request reads that level's recorded state, so the asks
 * stay judged as asked; below it, later requests are judged against the
 * states the tree records, so those must be the asked ones. Our
 * platforms' tables grant exactly what they name (docs/design/psci.rst).
 * Not on N1SDP, whose StateIDs are 0 (Arm's NULL StateID).
 */
bool psci_last_at_ids(const struct psci_pstate_desc *table, unsigned int count);

/*
 * The per-level states the caller of CPU_SUSPEND(@power_state) asks for,
 * the ones OS-initiated mode judges (DEN0022 4.4.4, 5.4.2): @state holds
 * the table's entry for @power_state (in either spelling) on entry; where
 * the table spells DEN0022's recommended StateIDs (@last_at_ids,
 * psci_last_at_ids) it becomes the StateID's level fields, which may name
 * a deeper highest level than the entry grants; otherwise (the original
 * encoding: N1SDP's NULL StateIDs) the entry is what the value means and
 * @state is left as it is.
 */
void psci_asked_state(uint32_t power_state, bool last_at_ids, struct psci_power_state *state);

/*
 * Look @power_state up in @table (@count entries). Returns its index and
 * fills @state, or PSCI_E_INVALID_PARAMS when the value is not in the table.
 */
int psci_match_power_state(uint32_t power_state, const struct psci_pstate_desc *table,
                           unsigned int count, struct psci_power_state *state);

/*
 * @power_state read in DEN0022's recommended StateID encoding: the value
 * with its last-at-level field cleared (the table's own spelling, for a
 * table that takes the field: psci_last_at_ids), and in *@last_at the
 * field (0 when absent).
 */
uint32_t psci_split_last_at(uint32_t power_state, unsigned int *last_at);

/*
 * The level up to which the caller of a request decoded in @f says it is
 * the last running core (OS-initiated mode): its last-at-level field if
 * the table takes one (@last_at_ids: the field of its own values is 0, so
 * a field means the recommended spelling) and it has one, else its
 * PowerLevel.
 */
unsigned int psci_last_at_level(const struct psci_pstate_fields *f, bool last_at_ids);

/*
 * The entry of @table a stay in the coordinated @state counts for in
 * PSCI_STAT (DEN0022 5.21): @requested (an index, or -1 for none) when its
 * states are exactly @state, else the first entry whose states are, else -1.
 * So a request granted as asked counts for its own power_state even when
 * another entry describes the same states, and one coordination made
 * shallower counts for the state the core really reached.
 */
int psci_stat_index(const struct psci_pstate_desc *table, unsigned int count, int requested,
                    const struct psci_power_state *state);

/*
 * The composite states whose every level is RUN, RET or OFF (those a
 * request or coordination can produce: psci_check_request), and a state's
 * index among them, its key: its levels' local states as the digits of a
 * base-3 number, the core's the lowest. @state must be one of them.
 */
#if PLAT_MAX_PWR_LVL == 1
#define PSCI_STATE_KEYS 9U
#elif PLAT_MAX_PWR_LVL == 2
#define PSCI_STATE_KEYS 27U
#elif PLAT_MAX_PWR_LVL == 3
#define PSCI_STATE_KEYS 81U
#else
#error "PLAT_MAX_PWR_LVL: 1 to 3 power levels above the core"
#endif
unsigned int psci_state_key(const struct psci_power_state *state);

/*
 * The entry of @table that SYSTEM_SUSPEND counts for in PSCI_STAT, or -1:
 * DEN0022 makes SYSTEM_SUSPEND semantically a CPU_SUSPEND to the deepest
 * low-power state, so its stay counts for the deepest power-down entry
 * (core level OFF) of the table. Deepest: the deeper local state at the
 * highest level where two entries differ (levels compared from the top
 * down), then the higher PowerLevel field (QEMU's 0x02010222 over its
 * 0x01010022, which the platform grants alike), then the first in the
 * table. docs/design/psci.rst: PSCI_STAT after SYSTEM_SUSPEND.
 */
int psci_deepest_index(const struct psci_pstate_desc *table, unsigned int count);

/*
 * Consistency rules every request must meet before coordination:
 * the core level is RET or OFF; StateType says power-down exactly when the
 * core's state is OFF; no level is deeper than the level below it; and no
 * level above the PowerLevel field is left anything but RUN. Returns 0 or
 * PSCI_E_INVALID_PARAMS.
 */
int psci_check_request(const struct psci_pstate_fields *f, const struct psci_power_state *state);

/*
 * Where a core sits in the tree: at each level >= 1, the index range of the
 * cores below its ancestor at that level (cores under one node are
 * numbered contiguously).
 */
struct psci_cpu_span {
	uint16_t first[PLAT_MAX_PWR_LVL + 1];
	uint16_t count[PLAT_MAX_PWR_LVL + 1];
};

/*
 * Platform-coordinated mode (DEN0022 4.4.3): record core @pos's requests
 * for levels 1..@end_lvl of @state in @req ([level - 1][core]), then turn
 * @state into the coordinated target: each level becomes the shallowest
 * state requested by any core below that node; from the first level that
 * resolves to RUN upwards, and above @end_lvl, everything is RUN.
 * The core level (0) is left as requested.
 */
void psci_coordinate(uint8_t req[][PLATFORM_CORE_COUNT], unsigned int pos,
                     const struct psci_cpu_span *span, unsigned int end_lvl,
                     struct psci_power_state *state);

/* The highest level whose state in @state is not RUN (0 if none). */
unsigned int psci_find_target_level(const struct psci_power_state *state);

/*
 * The highest power level that @state turns off together with the core
 * (0: the core alone; 1: its cluster too; ...): the domains whose caches
 * lose power with it.
 */
unsigned int psci_find_off_level(const struct psci_power_state *state);

#endif
