/*
 * etm_decode: CoreSight ETMv4 instruction trace -> the instruction ranges
 * each core executed, for the profiler (tools/profile/profile.py --etm).
 *
 *   etm_decode --config FILE [--formatted] [--elf FILE]... [--bin FILE@ADDR]...
 *              [--packets] TRACE
 *
 * TRACE is the raw trace: with --formatted, CoreSight formatter frames as
 * an ETR or ETF writes them to memory (16-byte frames, trace IDs in the
 * frames; what Linux perf's cs_etm records); without, the byte stream of
 * one trace unit. FILE (--config) gives each trace unit's configuration,
 * the ID and configuration registers OpenCSD needs to decode the packets
 * (Arm IHI 0064, chapter 7 "Trace unit registers"):
 *
 *   # comment
 *   [cpu 0]
 *   TRCIDR0 = 0x28000ea1
 *   ... TRCIDR1, TRCIDR2, TRCIDR8 to TRCIDR13, TRCCONFIGR, TRCTRACEIDR
 *
 * The memory images are where OpenCSD reads the instructions the trace
 * walks through: the executable PT_LOAD segments of ELF files, or raw
 * binaries at their load addresses. Decoding is OpenCSD's (libopencsd,
 * its C API opencsd_c_api.h, "ETMV4I" decoder); this file only feeds it.
 *
 * Output, one line per generic trace element the profiler cares about:
 *   cpu N range START END COUNT     COUNT A64 instructions from START to END (exclusive)
 *   cpu N trace-on                  trace (re)starts: a discontinuity
 *   cpu N exception NUMBER          exception taken (the range before it ended there)
 *   cpu N context EL<n> S|NS        exception level and security state changed
 * and '#' comments. --packets also prints OpenCSD's packet listing.
 *
 * Exit status 0, or 1 with "etm_decode: <problem>" on stderr: bad
 * arguments or configuration, a decode error, or instructions the trace
 * reached that no memory image holds.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <opencsd/c_api/opencsd_c_api.h>
#include <opencsd/etmv4/trc_pkt_types_etmv4.h>

#define MAX_CPUS   64
#define MAX_IMAGES 64

struct cpu_cfg {
	int cpu;
	ocsd_etmv4_cfg cfg;
	unsigned int seen; /* bit per register given */
};

static struct cpu_cfg cpus[MAX_CPUS];
static unsigned int ncpus;
/* Trace ID (7 bits, IHI 0064 TRCTRACEIDR) -> CPU number, -1 if none. */
static int cpu_of_id[128];

static uint8_t *images[MAX_IMAGES];
static unsigned int nimages;

static unsigned long nacc_count;
static uint64_t nacc_first;
static bool decode_error;

static void __attribute__((noreturn, format(printf, 1, 2))) die(const char *fmt, ...)
{
	va_list ap;

	fputs("etm_decode: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static uint8_t *read_file(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");

	if (f == NULL)
		die("%s: %s", path, strerror(errno));
	if (fseek(f, 0, SEEK_END) != 0)
		die("%s: cannot seek", path);
	long len = ftell(f);

	if (len < 0 || fseek(f, 0, SEEK_SET) != 0)
		die("%s: cannot seek", path);
	uint8_t *buf = malloc((size_t)len + 1U);

	if (buf == NULL)
		die("%s: out of memory", path);
	if (len > 0 && fread(buf, 1, (size_t)len, f) != (size_t)len)
		die("%s: read error", path);
	fclose(f);
	*size = (size_t)len;
	return buf;
}

/* --- configuration file --- */

struct reg_name {
	const char *name;
	size_t offset;
};

static const struct reg_name regs[] = {
	{ "TRCIDR0", offsetof(ocsd_etmv4_cfg, reg_idr0) },
	{ "TRCIDR1", offsetof(ocsd_etmv4_cfg, reg_idr1) },
	{ "TRCIDR2", offsetof(ocsd_etmv4_cfg, reg_idr2) },
	{ "TRCIDR8", offsetof(ocsd_etmv4_cfg, reg_idr8) },
	{ "TRCIDR9", offsetof(ocsd_etmv4_cfg, reg_idr9) },
	{ "TRCIDR10", offsetof(ocsd_etmv4_cfg, reg_idr10) },
	{ "TRCIDR11", offsetof(ocsd_etmv4_cfg, reg_idr11) },
	{ "TRCIDR12", offsetof(ocsd_etmv4_cfg, reg_idr12) },
	{ "TRCIDR13", offsetof(ocsd_etmv4_cfg, reg_idr13) },
	{ "TRCCONFIGR", offsetof(ocsd_etmv4_cfg, reg_configr) },
	{ "TRCTRACEIDR", offsetof(ocsd_etmv4_cfg, reg_traceidr) },
};
#define NREGS (sizeof(regs) / sizeof(regs[0]))

static char *trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	char *e = s + strlen(s);

	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

static void read_config(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[256];
	unsigned int num = 0;
	struct cpu_cfg *cur = NULL;

	if (f == NULL)
		die("%s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), f) != NULL) {
		num++;
		char *s = trim(line);
		int cpu;
		char end;

		if (*s == '\0' || *s == '#')
			continue;
		if (sscanf(s, "[cpu %d %c", &cpu, &end) == 2 && end == ']') {
			if (ncpus == MAX_CPUS || cpu < 0)
				die("%s:%u: too many CPUs, or a negative number", path, num);
			cur = &cpus[ncpus++];
			memset(cur, 0, sizeof(*cur));
			cur->cpu = cpu;
			/* Neoverse N1 implements Armv8.2-A (ETMv4.2 trace unit). */
			cur->cfg.arch_ver = ARCH_V8;
			cur->cfg.core_prof = profile_CortexA;
			continue;
		}
		char *eq = strchr(s, '=');

		if (eq == NULL || cur == NULL)
			die("%s:%u: expected '[cpu N]' or 'REGISTER = VALUE'", path, num);
		*eq = '\0';
		char *name = trim(s), *value = trim(eq + 1), *endp;
		unsigned int r;

		for (r = 0; r < NREGS && strcmp(regs[r].name, name) != 0; r++)
			;
		if (r == NREGS)
			die("%s:%u: unknown register %s", path, num, name);
		errno = 0;
		unsigned long v = strtoul(value, &endp, 0);

		if (errno != 0 || *endp != '\0' || v > 0xffffffffUL)
			die("%s:%u: %s: not a 32-bit value: %s", path, num, name, value);
		*(uint32_t *)((char *)&cur->cfg + regs[r].offset) = (uint32_t)v;
		cur->seen |= 1U << r;
	}
	fclose(f);
	if (ncpus == 0)
		die("%s: no [cpu N] section", path);
	for (unsigned int i = 0; i < 128; i++)
		cpu_of_id[i] = -1;
	for (unsigned int c = 0; c < ncpus; c++) {
		for (unsigned int r = 0; r < NREGS; r++) {
			if (!(cpus[c].seen & (1U << r)))
				die("%s: cpu %d: %s missing", path, cpus[c].cpu, regs[r].name);
		}
		/* TRCTRACEIDR.TRACEID, bits [6:0]; 0 and 0x70-0x7f are reserved. */
		unsigned int id = cpus[c].cfg.reg_traceidr & 0x7fU;

		if (id == 0 || id >= 0x70)
			die("%s: cpu %d: trace ID 0x%x is reserved", path, cpus[c].cpu, id);
		if (cpu_of_id[id] >= 0)
			die("%s: cpus %d and %d share trace ID 0x%x", path, cpu_of_id[id],
			    cpus[c].cpu, id);
		cpu_of_id[id] = cpus[c].cpu;
	}
}

/* --- memory images --- */

static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)le16(p) | (uint32_t)le16(p + 2) << 16;
}

static uint64_t le64(const uint8_t *p)
{
	return (uint64_t)le32(p) | (uint64_t)le32(p + 4) << 32;
}

static void add_region(dcd_tree_handle_t tree, const char *what, uint64_t addr, const uint8_t *data,
                       uint64_t size)
{
	if (size == 0 || size > UINT32_MAX)
		die("%s: a region of %" PRIu64 " bytes at 0x%" PRIx64, what, size, addr);
	ocsd_err_t err = ocsd_dt_add_buffer_mem_acc(tree, addr, OCSD_MEM_SPACE_ANY, data,
	                                            (uint32_t)size);

	if (err != OCSD_OK)
		die("%s: cannot add the region at 0x%" PRIx64 " (overlaps another? error %d)", what,
		    addr, (int)err);
	printf("# memory 0x%" PRIx64 "-0x%" PRIx64 " %s\n", addr, addr + size, what);
}

/*
 * The executable PT_LOAD segments of an ELF64 little-endian file (System V
 * ABI: ELF header e_phoff at 0x20, e_phentsize/e_phnum at 0x36; program
 * header p_type, p_flags, p_offset, p_vaddr, p_paddr, p_filesz).
 */
static void add_elf(dcd_tree_handle_t tree, const char *path)
{
	size_t size;
	uint8_t *d = read_file(path, &size);
	unsigned int added = 0;

	if (nimages == MAX_IMAGES)
		die("too many images");
	images[nimages++] = d;
	if (size < 64 || memcmp(d, "\177ELF", 4) != 0 || d[4] != 2 || d[5] != 1)
		die("%s: not a little-endian ELF64 file", path);
	uint64_t phoff = le64(d + 0x20);
	unsigned int phentsize = le16(d + 0x36), phnum = le16(d + 0x38);

	if (phentsize < 56 || phoff > size || (uint64_t)phnum * phentsize > size - phoff)
		die("%s: bad program headers", path);
	for (unsigned int i = 0; i < phnum; i++) {
		const uint8_t *ph = d + phoff + (uint64_t)i * phentsize;
		uint32_t type = le32(ph), flags = le32(ph + 4);
		uint64_t off = le64(ph + 8), vaddr = le64(ph + 16), filesz = le64(ph + 32);

		/* PT_LOAD = 1, PF_X = 1 */
		if (type != 1 || !(flags & 1U) || filesz == 0)
			continue;
		if (off > size || filesz > size - off)
			die("%s: segment %u past the end of the file", path, i);
		add_region(tree, path, vaddr, d + off, filesz);
		added++;
	}
	if (added == 0)
		die("%s: no executable segment", path);
}

static void add_bin(dcd_tree_handle_t tree, const char *spec)
{
	char path[4096];
	const char *at = strrchr(spec, '@');
	char *endp;

	if (at == NULL || (size_t)(at - spec) >= sizeof(path))
		die("--bin %s: give FILE@ADDRESS", spec);
	memcpy(path, spec, (size_t)(at - spec));
	path[at - spec] = '\0';
	errno = 0;
	unsigned long long addr = strtoull(at + 1, &endp, 0);

	if (errno != 0 || *endp != '\0')
		die("--bin %s: bad address", spec);
	if (nimages == MAX_IMAGES)
		die("too many images");
	size_t size;
	uint8_t *d = read_file(path, &size);

	images[nimages++] = d;
	add_region(tree, path, addr, d, size);
}

/* --- decoded elements --- */

static ocsd_datapath_resp_t element(const void *ctx, const ocsd_trc_index_t index, const uint8_t id,
                                    const ocsd_generic_trace_elem *e)
{
	(void)ctx;
	int cpu = cpu_of_id[id & 0x7fU];

	switch (e->elem_type) {
	case OCSD_GEN_TRC_ELEM_INSTR_RANGE:
		if (e->isa != ocsd_isa_aarch64) {
			fprintf(stderr,
			        "etm_decode: cpu %d: a range that is not A64 at 0x%" PRIx64 "\n",
			        cpu, (uint64_t)e->st_addr);
			decode_error = true;
		}
		printf("cpu %d range 0x%" PRIx64 " 0x%" PRIx64 " %u\n", cpu, (uint64_t)e->st_addr,
		       (uint64_t)e->en_addr, e->num_instr_range);
		break;
	case OCSD_GEN_TRC_ELEM_TRACE_ON:
		printf("cpu %d trace-on\n", cpu);
		break;
	case OCSD_GEN_TRC_ELEM_EXCEPTION:
		printf("cpu %d exception %u\n", cpu, e->exception_number);
		break;
	case OCSD_GEN_TRC_ELEM_PE_CONTEXT:
		if (e->context.el_valid)
			printf("cpu %d context EL%d %s\n", cpu, (int)e->context.exception_level,
			       e->context.security_level == ocsd_sec_secure ? "S" : "NS");
		break;
	case OCSD_GEN_TRC_ELEM_ADDR_NACC:
		if (nacc_count++ == 0)
			nacc_first = e->st_addr;
		printf("# cpu %d no memory image at 0x%" PRIx64 "\n", cpu, (uint64_t)e->st_addr);
		break;
	case OCSD_GEN_TRC_ELEM_I_RANGE_NOPATH:
	case OCSD_GEN_TRC_ELEM_ADDR_UNKNOWN:
		fprintf(stderr,
		        "etm_decode: cpu %d: trace index %" PRIu64 ": instructions whose "
		        "path the trace does not give\n",
		        cpu, (uint64_t)index);
		decode_error = true;
		break;
	default:
		break;
	}
	return OCSD_RESP_CONT;
}

static void usage(void)
{
	die("usage: etm_decode --config FILE [--formatted] [--elf FILE]... "
	    "[--bin FILE@ADDR]... [--packets] TRACE");
}

int main(int argc, char **argv)
{
	const char *config = NULL, *trace = NULL;
	bool formatted = false, packets = false;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--config") == 0 && i + 1 < argc)
			config = argv[++i];
		else if (strcmp(argv[i], "--formatted") == 0)
			formatted = true;
		else if (strcmp(argv[i], "--packets") == 0)
			packets = true;
		else if ((strcmp(argv[i], "--elf") == 0 || strcmp(argv[i], "--bin") == 0) &&
		         i + 1 < argc)
			i++; /* after the decode tree exists */
		else if (argv[i][0] != '-' && trace == NULL)
			trace = argv[i];
		else
			usage();
	}
	if (config == NULL || trace == NULL)
		usage();
	read_config(config);
	if (!formatted && ncpus != 1)
		die("%s: a raw (unformatted) trace comes from one trace unit: one [cpu N] "
		    "section, or give --formatted",
		    config);

	ocsd_def_errlog_init(OCSD_ERR_SEV_ERROR, 1);
	/* Errors, and --packets' listing, go to stderr. */
	ocsd_def_errlog_config_output(C_API_MSGLOGOUT_FLG_STDERR, NULL);
	/* ETR/ETF memory holds whole frames, no frame syncs (IHI 0029, D4). */
	dcd_tree_handle_t tree = formatted ? ocsd_create_dcd_tree(OCSD_TRC_SRC_FRAME_FORMATTED,
	                                                          OCSD_DFRMTR_FRAME_MEM_ALIGN)
	                                   : ocsd_create_dcd_tree(OCSD_TRC_SRC_SINGLE, 0);

	if (tree == C_API_INVALID_TREE_HANDLE)
		die("OpenCSD cannot create a decode tree");
	for (unsigned int c = 0; c < ncpus; c++) {
		unsigned char csid = 0;
		ocsd_err_t err = ocsd_dt_create_decoder(tree, OCSD_BUILTIN_DCD_ETMV4I,
		                                        OCSD_CREATE_FLG_FULL_DECODER, &cpus[c].cfg,
		                                        &csid);

		if (err != OCSD_OK)
			die("cpu %d: OpenCSD rejects the configuration (error %d)", cpus[c].cpu,
			    (int)err);
		if (packets)
			ocsd_dt_set_pkt_protocol_printer(tree, csid, 1); /* the monitor output */
	}
	if (ocsd_dt_set_gen_elem_outfn(tree, element, NULL) != OCSD_OK)
		die("OpenCSD: cannot set the element callback");
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--config") == 0)
			i++;
		else if (strcmp(argv[i], "--elf") == 0)
			add_elf(tree, argv[++i]);
		else if (strcmp(argv[i], "--bin") == 0)
			add_bin(tree, argv[++i]);
	}
	if (nimages == 0)
		die("give the memory images (--elf or --bin): the trace holds no instructions");

	size_t size;
	uint8_t *data = read_file(trace, &size);
	size_t done = 0;
	ocsd_datapath_resp_t resp = OCSD_RESP_CONT;

	printf("# etm_decode: %s, %zu bytes, %s, %u trace unit(s)\n", trace, size,
	       formatted ? "formatted" : "raw", ncpus);
	while (done < size && !OCSD_DATA_RESP_IS_FATAL(resp)) {
		uint32_t used = 0;
		uint32_t chunk = size - done > 0x10000U ? 0x10000U : (uint32_t)(size - done);

		resp = ocsd_dt_process_data(tree, OCSD_OP_DATA, (ocsd_trc_index_t)done, chunk,
		                            data + done, &used);
		done += used;
		if (used == 0 && !OCSD_DATA_RESP_IS_FATAL(resp))
			die("OpenCSD took no data at byte %zu (response %d)", done, (int)resp);
	}
	if (!OCSD_DATA_RESP_IS_FATAL(resp))
		resp = ocsd_dt_process_data(tree, OCSD_OP_EOT, 0, 0, NULL, NULL);
	ocsd_destroy_dcd_tree(tree);
	free(data);
	for (unsigned int i = 0; i < nimages; i++)
		free(images[i]);
	if (OCSD_DATA_RESP_IS_FATAL(resp))
		die("%s: decode failed at byte %zu (OpenCSD response %d)", trace, done, (int)resp);
	if (nacc_count)
		die("%lu place(s) the trace reaches are in no memory image, the first 0x%" PRIx64
		    ": give that image (--elf, --bin)",
		    nacc_count, nacc_first);
	if (decode_error)
		die("%s: the trace has gaps or non-A64 code (see above)", trace);
	return 0;
}
