/*
 * Device-tree blobs (DTBs) in the boot loaders: validation of an untrusted
 * DTB, the PSCI description this firmware adds to it, and the DRAM it
 * describes. Generic: the platform supplies the region, the scratch buffer
 * and the idle states (plat/common/qemu/qemu_bl2_setup.c).
 *
 * Format: Devicetree Specification v0.4, chapter 5 ("Flattened Devicetree
 * (DTB) Format"): 5.2 header, 5.3 memory reservation block, 5.4 structure
 * block, 5.5 strings block, 5.6 alignment. Nodes and properties: chapters
 * 2 and 3 (2.3 standard properties, 3.4 /memory, 3.7 /cpus, 3.8 cpu nodes).
 *
 * A DTB is untrusted input (docs/design/error-policy.rst). Contract of
 * every function here: dtb_check_header() must have accepted the blob
 * first; a function that fails leaves the blob exactly as it was (not one
 * byte written) and fills a struct dtb_diag that says what is wrong; work
 * is linear in the blob's size; nothing allocates.
 *
 * Pure C, no libfdt: the blob is untrusted, and libfdt 1.6.1's own walk
 * trusts a property's length (lib/dtb/dtb_walk.c). The host tests check
 * the results with libfdt.
 */
#ifndef LIB_DTB_H
#define LIB_DTB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <lib/mem_ranges.h>

#define DTB_MAGIC             0xd00dfeedU /* 5.2: magic */
#define DTB_HEADER_SIZE       40U         /* 5.2: ten 32-bit fields (version 17) */
#define DTB_VERSION           17U         /* 5.1: the version this code reads and writes */
#define DTB_LAST_COMP_VERSION 16U         /* 5.1/5.2: what a version-17 blob declares */
#define DTB_RSVMAP_ENTRY_SIZE 16U         /* 5.3.2: two 64-bit big-endian fields */
#define DTB_RSVMAP_ALIGN      8U          /* 5.6 */
#define DTB_STRUCT_ALIGN      4U          /* 5.6 */
#define DTB_ADDRESS_ALIGN     8U          /* 5.6: the blob as a whole (libfdt too) */
/*
 * Longest property name accepted, with its NUL: 2.2.4 allows 31
 * characters; real trees have a few more, none near 255.
 */
#define DTB_MAX_PROP_NAME     256U

/*
 * Result codes: 0, or one negative value per way a blob can be wrong, so
 * that tests and callers can tell them apart. dtb_strerror() names them.
 */
enum dtb_err {
	DTB_OK = 0,
	/* Header and block layout (dtb_check_header) */
	DTB_ERR_ADDRESS = -1,              /* the blob is not 8-byte aligned */
	DTB_ERR_REGION = -2,               /* the region cannot hold a header */
	DTB_ERR_MAGIC = -3,                /* magic != 0xd00dfeed */
	DTB_ERR_VERSION = -4,              /* version < 17: no size_dt_struct */
	DTB_ERR_LAST_COMP_VERSION = -5,    /* last_comp_version > 17 */
	DTB_ERR_TOTALSIZE_SMALL = -6,      /* totalsize < header size */
	DTB_ERR_TOTALSIZE_REGION = -7,     /* totalsize > region size */
	DTB_ERR_BLOCK_IN_HEADER = -8,      /* a block starts inside the header */
	DTB_ERR_BLOCK_PAST_END = -9,       /* offset + size > totalsize (64-bit sum) */
	DTB_ERR_MISALIGNED = -10,          /* rsvmap % 8, struct offset or size % 4 */
	DTB_ERR_OVERLAP = -11,             /* two blocks share a byte */
	DTB_ERR_RSVMAP_UNTERMINATED = -12, /* no zero entry before the next block */
	/* Structure block (any tree walk) */
	DTB_ERR_TOKEN = -13, /* unknown or truncated token */
	DTB_ERR_NAME_OFFSET =
		-14, /* property name not a string (< 256 chars) of the strings block */
	DTB_ERR_PROP_AFTER_NODE = -15, /* a property after a subnode (5.4.2) */
	DTB_ERR_NESTING = -16,         /* unbalanced nodes, two roots, named root */
	/* PSCI fix-up (dtb_add_psci) */
	DTB_ERR_NO_SPACE = -17, /* the result does not fit scratch or region */
	DTB_ERR_PHANDLES = -18, /* no free phandle values left */
	DTB_ERR_ARGS = -19,     /* too many idle states */
	/* DRAM description (dtb_read_memory) */
	/*
	 * #address-cells or #size-cells not 1 or 2; for dtb_add_psci's reserved
	 * range also missing or not the root's, no ranges, or a value one cell
	 * cannot hold
	 */
	DTB_ERR_CELLS = -20,
	DTB_ERR_REG = -21,             /* memory reg length not a multiple of a pair */
	DTB_ERR_REG_RANGE = -22,       /* a memory range wraps past 2^64 */
	DTB_ERR_NO_MEMORY = -23,       /* no usable memory node */
	DTB_ERR_TOO_MANY_RANGES = -24, /* more than MEM_RANGES_MAX disjoint ranges */
	/* Whole tree (dtb_check_tree) */
	DTB_ERR_DUP_PROP = -25, /* a node has two properties of one name */
	DTB_ERR_LAST = DTB_ERR_DUP_PROP,
};

/*
 * What a failed call found wrong, for one precise message: the field or
 * node (@field), its value, and the limit it broke (@other names the limit
 * where it is not implied by @err). dtb_diag_format() turns it into text.
 */
struct dtb_diag {
	int err;           /* enum dtb_err */
	const char *field; /* header field, block or node name; never NULL after an error */
	uint64_t value;
	const char *other; /* the other block, or a detail; may be NULL */
	uint64_t limit;
	uint32_t offset; /* structure-block offset of the token, for walk errors */
};

/* dtb_strerror() - a short static description of @err; never NULL. */
const char *dtb_strerror(int err);

/*
 * dtb_diag_format() - write the message for @diag into @buf (NUL-terminated,
 * truncated to @size bytes), e.g. "off_dt_strings + size_dt_strings
 * 0x100000f68 exceeds totalsize 0x2200". Returns @buf.
 */
char *dtb_diag_format(const struct dtb_diag *diag, char *buf, size_t size);

/*
 * dtb_check_header() - validate a DTB's header and block layout before
 * anything else (libfdt included) reads the blob.
 * @dtb:         the blob; any address (an unaligned one is an error).
 * @region_size: bytes readable at @dtb: the platform's DTB region.
 * @diag:        filled on error (may be NULL).
 *
 * Checks, in this order (Devicetree Specification v0.4, 5.1-5.6):
 *   DTB_ERR_ADDRESS, DTB_ERR_REGION (@region_size < 40);
 *   magic; version >= 17 (size_dt_struct exists from 17 on, and nothing
 *   here can bound the structure block without it); last_comp_version <= 17
 *   (a newer blob is not backwards compatible with what we read);
 *   40 <= totalsize <= @region_size;
 *   each block (memory reservation, structure, strings) starts at or after
 *   the header and ends within totalsize, computed in 64 bits so that no
 *   offset + size can wrap; alignment (reservation block 8, structure
 *   block offset and size 4); no two blocks share a byte; the reservation
 *   block ends with an all-zero entry before the next block starts (or
 *   totalsize).
 * Reads only the header and the reservation block entries, never past
 * totalsize. Returns DTB_OK or the first error found.
 */
int dtb_check_header(const void *dtb, size_t region_size, struct dtb_diag *diag);

/*
 * dtb_trim() - fit a blob whose totalsize exceeds its region by free space
 * alone into the region: QEMU loads -dtb FILE as libfdt's fdt_open_into()
 * leaves it, the blocks packed after the header and then free space up to
 * twice the file's size plus 20000 bytes (QEMU 7.2, load_device_tree()),
 * so that a file of 514,289 bytes or more has a totalsize past a 1 MiB
 * region, however little of it the tree takes.
 * @dtb:         the blob, writable.
 * @region_size: bytes readable at @dtb (at most 2^32 - 1: a totalsize).
 * @diag:        filled on error (may be NULL).
 *
 * Returns what dtb_check_header() returns, except for
 * DTB_ERR_TOTALSIZE_REGION: if the blob passes dtb_check_header() with
 * totalsize taken as @region_size (every block, the reservation block's
 * terminator included, ends inside the region), its header's totalsize is
 * set to @region_size and DTB_OK returned; else DTB_ERR_TOTALSIZE_REGION
 * (other: its blocks end past the region too), the blob untouched. Writes
 * at most the 4 bytes of totalsize.
 */
int dtb_trim(void *dtb, size_t region_size, struct dtb_diag *diag);

/* dtb_totalsize() - the header's totalsize (big-endian field), bytes. */
uint32_t dtb_totalsize(const void *dtb);

/*
 * dtb_check_tree_work() - bytes of work area dtb_check_tree() needs for @dtb
 * (a blob dtb_check_header() accepted): 4 per slot of a hash table of at
 * least twice as many slots as a node of the structure block could have
 * properties (one per 12 bytes), a power of two. 1 MiB covers any blob of a
 * 1 MiB region.
 */
size_t dtb_check_tree_work(const void *dtb);

/*
 * dtb_check_tree() - the whole structure block walked and checked, as a
 * reader that takes a node's properties by name needs it: every token
 * (as dtb_add_psci's walk checks it) and no node with two properties of
 * one name (2.2.4: a name is unique in its node; dtc refuses such a
 * source, but a blob can hold one, and libfdt and Linux then read the
 * first where a reader that walks every property, as dtb_read_memory and
 * dtb_add_psci do, would take the last).
 * @dtb:       a blob dtb_check_header() accepted.
 * @work:      dtb_check_tree_work(@dtb) bytes or more the call may write;
 *             undefined after (BL2 lends it its scratch buffer).
 * @work_size: bytes at @work.
 * @diag:      filled on error (may be NULL).
 *
 * A node's properties precede its subnodes (5.4.2), so one hash table of
 * property-token offsets serves every node in turn, an entry of an
 * earlier node counting as empty: linear in the blob's size. Returns
 * DTB_OK, a structure-block error, DTB_ERR_DUP_PROP (field: the name,
 * value: the first one's structure-block offset, offset: the second's) or
 * DTB_ERR_NO_SPACE (@work_size below what it needs). Reads the blob only.
 */
int dtb_check_tree(const void *dtb, void *work, size_t work_size, struct dtb_diag *diag);

/*
 * One idle state to advertise under /cpus/idle-states (Linux binding:
 * Documentation/devicetree/bindings/cpu/idle-states.yaml).
 */
struct dtb_idle_state {
	const char *name;            /* node name, e.g. "cpu-power-down" */
	uint32_t psci_suspend_param; /* power_state CPU_SUSPEND accepts */
	uint32_t entry_latency_us;   /* microseconds */
	uint32_t exit_latency_us;    /* microseconds */
	uint32_t min_residency_us;   /* microseconds */
};

#define DTB_MAX_IDLE_STATES 8U

/* A range of DRAM the firmware keeps from the normal world (dtb_add_psci). */
struct dtb_reserved {
	const char *name;       /* node name before the unit address, e.g. "pmf-ring" */
	const char *compatible; /* e.g. "n1fw,pmf-ring" */
	uint64_t base, size;    /* bytes */
};

/* What dtb_add_psci() did, for the boot log. */
struct dtb_psci_report {
	bool has_cpus;              /* the blob has a /cpus node */
	bool replaced_psci;         /* a /psci node was there and was replaced */
	bool replaced_idle_states;  /* a /cpus/idle-states node was replaced */
	bool reserved;              /* the reserved range's node was written */
	bool replaced_reserved;     /* ... in place of a node of its name */
	bool added_reserved_memory; /* ... in a /reserved-memory node added for it */
	unsigned int cpu_nodes;     /* /cpus children named cpu[@...] or of device_type "cpu" */
	unsigned int described;     /* of those, device_type "cpu" or none: given the properties */
	unsigned int typed;         /* of those, named cpu[@...] without device_type: given "cpu" */
	unsigned int idle_states;   /* states written under /cpus/idle-states */
	uint32_t old_size;          /* totalsize before, bytes */
	uint32_t new_size;          /* totalsize after, bytes */
	uint32_t written; /* bytes from the blob's start written: what to clean to the PoC */
};

/*
 * dtb_add_psci() - make the DTB describe PSCI, and keep a range of DRAM
 * from the normal world, in one linear rewrite.
 * @dtb:          a blob dtb_check_header() accepted for @region_size.
 * @region_size:  bytes the result may occupy at @dtb.
 * @scratch:      work buffer the result is built in, then copied to @dtb;
 *                must not overlap the region. Its content is undefined after.
 * @scratch_size: bytes at @scratch.
 * @states, @count: idle states (count <= DTB_MAX_IDLE_STATES; may be 0).
 * @reserved:     a range to describe as kept, or NULL (below).
 * @report:       filled on success.
 * @diag:         filled on error (may be NULL).
 *
 * The result: a /psci node (compatible "arm,psci-1.0", "arm,psci-0.2";
 * method "smc") at the end of the root; in the first /cpus node an
 * idle-states node (entry-method "psci") with one subnode per state
 * (compatible "arm,idle-state", arm,psci-suspend-param, the latencies,
 * a phandle above every phandle in the blob); on every /cpus child of
 * device_type "cpu" (3.8.1), enable-method "psci" and cpu-idle-states
 * listing the states, written after the node's own properties and before
 * its first subnode (5.4.2: properties precede subnodes); a child named
 * cpu or cpu@... (2.2.1's generic name) with no device_type is a CPU node
 * without the property 3.8.1 requires (a machine's minimal DT may): it
 * is given device_type "cpu" there too, and described; one of another
 * device_type is left as it is. The states' phandles are the values above
 * the largest phandle (or linux,phandle) of the blob, 0 and 0xffffffff
 * not counting (2.3.3: neither is a phandle). Existing nodes
 * and properties of those names are dropped, NOPs removed; all else is
 * copied in order, the memory reservation entries and boot_cpuid_phys
 * included. The strings block is the old one plus the new names. The work
 * is one linear walk of the structure block (it checks, finds the largest
 * phandle and writes), then one copy of the result over the blob; only
 * bytes before @report->written change.
 *
 * @reserved, Linux's reserved-memory binding: a child
 * "<name>@<base in hex>" of the first root child named reserved-memory
 * (a unit address too: Linux finds it by path) with compatible, reg and
 * no-map, after the node's other children; a child of that name is
 * replaced. Without such a node, /reserved-memory is added at the end of
 * the root with the root's cells and an empty ranges. Linux ignores a
 * /reserved-memory whose #address-cells and #size-cells are not the
 * root's or that has no ranges, so those are refused, and so is a root
 * without its cells (Linux's defaults are not the specification's).
 *
 * Returns DTB_OK, or a structure-block error (DTB_ERR_TOKEN ...
 * DTB_ERR_NESTING), DTB_ERR_NO_SPACE (result larger than @scratch_size or
 * @region_size), DTB_ERR_PHANDLES, DTB_ERR_ARGS, or DTB_ERR_CELLS (the
 * cells or ranges above, cells not 1 or 2, or one cell that cannot hold
 * @reserved's base or size: field "reg"); then @dtb is untouched.
 */
int dtb_add_psci(void *dtb, size_t region_size, void *scratch, size_t scratch_size,
                 const struct dtb_idle_state *states, unsigned int count,
                 const struct dtb_reserved *reserved, struct dtb_psci_report *report,
                 struct dtb_diag *diag);

/*
 * dtb_read_memory() - the DRAM a DTB describes.
 * @dtb:    a blob dtb_check_header() accepted.
 * @ranges: receives the reg ranges of every root child of device_type
 *          "memory" (3.4) whose status is absent, "okay" or "ok" (2.3.4:
 *          QEMU's disabled secure RAM node is left out), merged.
 * @diag:   filled on error (may be NULL).
 *
 * reg is read with the root's #address-cells and #size-cells (2.3.5;
 * default 2 and 1), each 1 or 2 cells. Entries of size 0 are skipped.
 * Returns DTB_OK, a structure-block error, DTB_ERR_CELLS, DTB_ERR_REG,
 * DTB_ERR_REG_RANGE, DTB_ERR_NO_MEMORY or DTB_ERR_TOO_MANY_RANGES.
 */
int dtb_read_memory(const void *dtb, struct mem_ranges *ranges, struct dtb_diag *diag);

#endif
