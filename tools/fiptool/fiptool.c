/*
 * fiptool: create, list, unpack and edit Firmware Image Packages.
 *
 * Command line compatible with TF-A's fiptool (docs/tools/fiptool.rst). Every FIP
 * this tool reads goes through the shared, bounds-checked parser in lib/fip,
 * so the host tool and the boot loaders accept exactly the same files, and
 * every FIP it writes is parsed back before it is saved.
 *
 * Packing follows TF-A 2.8 fiptool so the output is byte-identical:
 *   - images go in fip_image_descs[] order, then unknown UUIDs (--blob) in
 *     the order they were added;
 *   - the ToC has one slot per image, including zero-size images, which are
 *     then left out of the ToC (their slot stays zero, after the end marker);
 *   - each payload offset is rounded up to --align, the end marker's offset
 *     (= file size) too, and the tail is zero-padded;
 *   - the serial number is 0x12345678; update/remove keep the old header
 *     flags and entry flags, --plat-toc-flags replaces bits 47:32 only.
 *
 * Errors print "fiptool: <message>" on stderr and exit with status 1.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <tools_share/fip.h>

#define FIPTOOL_VERSION "1.0"

/* Most image options one command line may carry. */
#define MAX_REQUESTS 128

static bool verbose;

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void die(const char *fmt, ...)
{
	va_list ap;

	fputs("fiptool: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void warn(const char *fmt, ...)
{
	va_list ap;

	fputs("fiptool: warning: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void debug(const char *fmt, ...)
{
	va_list ap;

	if (!verbose)
		return;
	fputs("DEBUG: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void *xmalloc(size_t size)
{
	void *p = malloc(size != 0 ? size : 1);

	if (p == NULL)
		die("out of memory (%zu bytes)", size);
	return p;
}

/* ------------------------------------------------------------------------
 * Files
 */

/* Read a whole file (regular file or pipe). Dies with the reason on error. */
static uint8_t *read_file(const char *path, size_t *len)
{
	size_t cap = 4096, used = 0, n;
	uint8_t *buf, *nbuf;
	FILE *f;

	f = fopen(path, "rb");
	if (f == NULL)
		die("cannot open '%s': %s", path, strerror(errno));
	buf = xmalloc(cap);
	for (;;) {
		n = fread(buf + used, 1, cap - used, f);
		used += n;
		if (used < cap)
			break;
		if (cap > SIZE_MAX / 2)
			die("'%s' is too large", path);
		cap *= 2;
		nbuf = realloc(buf, cap);
		if (nbuf == NULL)
			die("out of memory reading '%s'", path);
		buf = nbuf;
	}
	if (ferror(f))
		die("cannot read '%s': %s", path, strerror(errno));
	fclose(f);
	*len = used;
	return buf;
}

static void write_file(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	if (f == NULL)
		die("cannot create '%s': %s", path, strerror(errno));
	if (fwrite(data, 1, len, f) != len || fflush(f) != 0)
		die("cannot write '%s': %s", path, strerror(errno));
	if (fclose(f) != 0)
		die("cannot write '%s': %s", path, strerror(errno));
}

static bool file_exists(const char *path)
{
	return access(path, F_OK) == 0;
}

/* ------------------------------------------------------------------------
 * The set of images making up a FIP
 */

struct image {
	bool present;
	struct fip_uuid uuid;
	const struct fip_image_desc *desc; /* NULL: unknown UUID */
	const uint8_t *data;
	size_t size;    /* bytes */
	size_t offset;  /* in the FIP it was read from (info) */
	uint64_t flags; /* ToC entry flags, kept across update */
	uint8_t *owned; /* buffer to free, if the data came from a file */
};

/*
 * Slots 0 .. fip_image_desc_count-1 belong to the known image types, in
 * table order; unknown UUIDs are appended after them. Walking the slots in
 * order gives TF-A fiptool's packing and listing order.
 */
struct image_set {
	struct image *img;
	size_t nr_slots; /* slots in use */
	size_t cap;
	uint64_t toc_flags; /* ToC header flags to write */
	uint8_t *fip_buf;   /* source FIP the entries point into */
};

static void set_init(struct image_set *set)
{
	size_t i;

	set->cap = fip_image_desc_count + FIP_MAX_ENTRIES + MAX_REQUESTS;
	set->img = xmalloc(set->cap * sizeof(*set->img));
	memset(set->img, 0, set->cap * sizeof(*set->img));
	for (i = 0; i < fip_image_desc_count; i++) {
		set->img[i].desc = &fip_image_descs[i];
		set->img[i].uuid = fip_image_descs[i].uuid;
	}
	set->nr_slots = fip_image_desc_count;
	set->toc_flags = 0;
	set->fip_buf = NULL;
}

static void set_free(struct image_set *set)
{
	size_t i;

	for (i = 0; i < set->nr_slots; i++)
		free(set->img[i].owned);
	free(set->img);
	free(set->fip_buf);
}

/* The slot for @uuid; with @add, a new one is made for an unknown UUID. */
static struct image *set_slot(struct image_set *set, const struct fip_uuid *uuid, bool add)
{
	const struct fip_image_desc *desc = fip_image_desc_find(uuid);
	struct image *img;
	size_t i;

	if (desc != NULL)
		return &set->img[desc - fip_image_descs];
	for (i = fip_image_desc_count; i < set->nr_slots; i++) {
		if (fip_uuid_equal(&set->img[i].uuid, uuid))
			return &set->img[i];
	}
	if (!add)
		return NULL;
	if (set->nr_slots == set->cap)
		die("too many images");
	img = &set->img[set->nr_slots++];
	img->uuid = *uuid;
	return img;
}

static void image_clear(struct image *img)
{
	free(img->owned);
	img->owned = NULL;
	img->present = false;
	img->data = NULL;
	img->size = 0;
	img->offset = 0;
	img->flags = 0;
}

/* "tb-fw" for known images, the UUID string for others. */
static const char *image_label(const struct image *img, char *buf)
{
	if (img->desc != NULL)
		return img->desc->option;
	fip_uuid_to_str(&img->uuid, buf);
	return buf;
}

/* Read and validate the FIP at @path into @set (which must be fresh). */
static void load_fip(struct image_set *set, const char *path)
{
	struct fip_entry e;
	struct fip_toc toc;
	struct image *img;
	size_t len, i;
	int err;

	set->fip_buf = read_file(path, &len);
	err = fip_parse(set->fip_buf, len, &toc);
	if (err != FIP_OK)
		die("%s: invalid FIP: %s", path, fip_strerror(err));

	debug("toc_header[name]: 0x%X", FIP_TOC_HEADER_NAME);
	debug("toc_header[serial_number]: 0x%X", (unsigned int)toc.serial_number);
	debug("toc_header[flags]: 0x%llX", (unsigned long long)toc.flags);

	set->toc_flags = toc.flags;
	for (i = 0; fip_entry_at(&toc, i, &e) == FIP_OK; i++) {
		img = set_slot(set, &e.uuid, true);
		img->present = true;
		img->data = e.data;
		img->size = e.size;
		img->offset = e.offset;
		img->flags = e.flags;
	}
}

static bool align_up(size_t *x, size_t align)
{
	if (*x > SIZE_MAX - (align - 1))
		return false;
	*x = (*x + align - 1) & ~(align - 1);
	return true;
}

/* Lay the images out (see the top of this file) and write the FIP. */
static void pack_fip(const struct image_set *set, size_t align, const char *path)
{
	static const struct fip_uuid null_uuid;
	const struct image *img;
	size_t nr = 0, toc_size, off, total, i;
	struct fip_toc check;
	uint8_t *buf, *entry;
	int err;

	for (i = 0; i < set->nr_slots; i++)
		nr += set->img[i].present;
	/* Never write what our own loader would refuse to read. */
	if (nr > FIP_MAX_ENTRIES)
		die("too many images (%zu, at most %u)", nr, FIP_MAX_ENTRIES);

	toc_size = FIP_TOC_HEADER_SIZE + (nr + 1) * FIP_TOC_ENTRY_SIZE;
	off = toc_size;
	for (i = 0; i < set->nr_slots; i++) {
		img = &set->img[i];
		if (!img->present || img->size == 0)
			continue;
		if (!align_up(&off, align) || off > SIZE_MAX - img->size)
			die("FIP would be too large");
		off += img->size;
	}
	total = off;
	if (!align_up(&total, align))
		die("FIP would be too large");

	buf = xmalloc(total);
	memset(buf, 0, total);
	fip_write_toc_header(buf, FIP_TOC_SERIAL_NUMBER, set->toc_flags);
	entry = buf + FIP_TOC_HEADER_SIZE;
	off = toc_size;
	for (i = 0; i < set->nr_slots; i++) {
		img = &set->img[i];
		if (!img->present || img->size == 0)
			continue;
		align_up(&off, align); /* cannot overflow: checked above */
		fip_write_toc_entry(entry, &img->uuid, off, img->size, img->flags);
		memcpy(buf + off, img->data, img->size);
		entry += FIP_TOC_ENTRY_SIZE;
		off += img->size;
	}
	fip_write_toc_entry(entry, &null_uuid, total, 0, 0);

	err = fip_parse(buf, total, &check);
	if (err != FIP_OK)
		die("internal error: built an invalid FIP: %s", fip_strerror(err));
	write_file(path, buf, total);
	debug("wrote %s: %zu image(s), %zu bytes", path, nr, total);
	free(buf);
}

/* ------------------------------------------------------------------------
 * Command-line options
 */

/* Option sets a command accepts. */
#define OPT_ALIGN      (1u << 0) /* --align N */
#define OPT_PLAT_FLAGS (1u << 1) /* --plat-toc-flags HEX */
#define OPT_OUT        (1u << 2) /* --out PATH */
#define OPT_FORCE      (1u << 3) /* --force */
#define OPT_IMG_FILE   (1u << 4) /* --<img> FILE, --blob uuid=,file= */
#define OPT_IMG_NOFILE (1u << 5) /* --<img>, --blob uuid= */
#define OPT_FILE_OPT   (1u << 6) /* --blob file= is optional (unpack) */

struct request {
	struct fip_uuid uuid;
	const char *file;                 /* NULL: none given */
	char label[FIP_UUID_STR_LEN + 3]; /* "--tb-fw" or the UUID */
};

struct options {
	struct request req[MAX_REQUESTS];
	size_t nr_req;
	size_t align;
	bool have_plat_flags;
	uint16_t toc_plat_flags;
	const char *out;
	bool force;
	const char *fip; /* the one positional argument */
};

/* Record an image request; a later one for the same UUID replaces it. */
static void add_request(struct options *o, const struct fip_uuid *uuid, const char *file,
                        const char *label)
{
	struct request *r = NULL;
	size_t i;

	for (i = 0; i < o->nr_req; i++) {
		if (fip_uuid_equal(&o->req[i].uuid, uuid))
			r = &o->req[i];
	}
	if (r == NULL) {
		if (o->nr_req == MAX_REQUESTS)
			die("too many image options");
		r = &o->req[o->nr_req++];
	}
	r->uuid = *uuid;
	r->file = file;
	snprintf(r->label, sizeof(r->label), "%s", label);
}

/*
 * Largest --align accepted: far beyond any flash erase block, and small
 * enough that padding can never turn a FIP into gigabytes of zeros.
 */
#define FIP_MAX_ALIGN (16u * 1024u * 1024u)

static size_t parse_align(const char *s)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno != 0 || end == s || *end != '\0' || s[0] == '-' || v == 0 || (v & (v - 1)) != 0)
		die("invalid alignment '%s': must be a power of two", s);
	if (v > FIP_MAX_ALIGN)
		die("invalid alignment '%s': at most 0x%x (16 MiB)", s, FIP_MAX_ALIGN);
	return (size_t)v;
}

/* Always hexadecimal, "0x" optional, like TF-A's fiptool. */
static uint16_t parse_plat_flags(const char *s)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 16);
	if (errno != 0 || end == s || *end != '\0' || s[0] == '-' || v > 0xffff)
		die("invalid platform ToC flags '%s': must be 16-bit hex", s);
	return (uint16_t)v;
}

/* --blob uuid=U[,file=F]: comma-separated key=value pairs, any order. */
static void parse_blob(struct options *o, const char *value, unsigned int allowed)
{
	char *copy, *item, *save = NULL, *eq;
	const char *uuid_str = NULL, *file = NULL;
	struct fip_uuid uuid;

	copy = xmalloc(strlen(value) + 1);
	strcpy(copy, value); /* kept: request file names point into it */
	for (item = strtok_r(copy, ",", &save); item != NULL; item = strtok_r(NULL, ",", &save)) {
		eq = strchr(item, '=');
		if (eq == NULL)
			die("--blob: expected key=value, got '%s'", item);
		*eq = '\0';
		if (strcmp(item, "uuid") == 0)
			uuid_str = eq + 1;
		else if (strcmp(item, "file") == 0)
			file = eq + 1;
		else
			die("--blob: unknown key '%s'", item);
	}
	if (uuid_str == NULL)
		die("--blob: missing uuid=");
	if (!fip_uuid_from_str(uuid_str, &uuid))
		die("--blob: invalid UUID '%s' (want XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX)",
		    uuid_str);
	if (fip_uuid_is_null(&uuid))
		die("--blob: the null UUID marks the end of the ToC");
	if (allowed & OPT_IMG_NOFILE) {
		if (file != NULL)
			die("--blob: this command takes only uuid=");
	} else if (file == NULL && !(allowed & OPT_FILE_OPT)) {
		die("--blob: missing file=");
	} else if (file != NULL && file[0] == '\0') {
		die("--blob: empty file name");
	}
	add_request(o, &uuid, file, uuid_str);
}

static const struct fip_image_desc *find_desc_by_option(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < fip_image_desc_count; i++) {
		if (strlen(fip_image_descs[i].option) == len &&
		    strncmp(fip_image_descs[i].option, name, len) == 0)
			return &fip_image_descs[i];
	}
	return NULL;
}

/*
 * Parse a command's arguments ("--opt VALUE" or "--opt=VALUE", and exactly
 * one positional FIP path) against the @allowed option set.
 */
static void parse_options(const char *cmd, int argc, char **argv, unsigned int allowed,
                          struct options *o)
{
	const struct fip_image_desc *desc;
	const char *arg, *name, *value;
	char label[64];
	size_t name_len;
	bool takes_value;
	int i;

	memset(o, 0, sizeof(*o));
	o->align = 1;

	for (i = 0; i < argc; i++) {
		arg = argv[i];
		if (arg[0] != '-' || arg[1] == '\0') {
			if (o->fip != NULL)
				die("%s: unexpected argument '%s'", cmd, arg);
			o->fip = arg;
			continue;
		}
		if (arg[1] != '-')
			die("%s: unknown option '%s'", cmd, arg);
		name = arg + 2;
		value = strchr(name, '=');
		name_len = value != NULL ? (size_t)(value - name) : strlen(name);
		if (value != NULL)
			value++;

#define IS(opt) (name_len == strlen(opt) && strncmp(name, opt, name_len) == 0)
		desc = find_desc_by_option(name, name_len);
		if (IS("align") && (allowed & OPT_ALIGN))
			takes_value = true;
		else if (IS("plat-toc-flags") && (allowed & OPT_PLAT_FLAGS))
			takes_value = true;
		else if (IS("out") && (allowed & OPT_OUT))
			takes_value = true;
		else if (IS("force") && (allowed & OPT_FORCE))
			takes_value = false;
		else if ((IS("blob") || desc != NULL) && (allowed & OPT_IMG_FILE))
			takes_value = true;
		else if (IS("blob") && (allowed & OPT_IMG_NOFILE))
			takes_value = true; /* uuid=... */
		else if (desc != NULL && (allowed & OPT_IMG_NOFILE))
			takes_value = false;
		else
			die("%s: unknown option '%s' (see 'fiptool help %s')", cmd, arg, cmd);

		if (takes_value && value == NULL) {
			if (i + 1 >= argc)
				die("%s: option '%s' needs a value", cmd, arg);
			value = argv[++i];
		} else if (!takes_value && value != NULL) {
			die("%s: option '--%.*s' takes no value", cmd, (int)name_len, name);
		}
		if (takes_value && value[0] == '\0')
			die("%s: option '--%.*s' has an empty value", cmd, (int)name_len, name);

		if (IS("align")) {
			o->align = parse_align(value);
		} else if (IS("plat-toc-flags")) {
			o->toc_plat_flags = parse_plat_flags(value);
			o->have_plat_flags = true;
		} else if (IS("out")) {
			o->out = value;
		} else if (IS("force")) {
			o->force = true;
		} else if (IS("blob")) {
			parse_blob(o, value, allowed);
		} else {
			snprintf(label, sizeof(label), "--%s", desc->option);
			add_request(o, &desc->uuid, value, label);
		}
#undef IS
	}
	if (o->fip == NULL)
		die("%s: missing FIP file name (see 'fiptool help %s')", cmd, cmd);
}

/* ------------------------------------------------------------------------
 * Commands
 */

static int cmd_info(int argc, char **argv)
{
	char uuid_str[FIP_UUID_STR_LEN + 1];
	const struct image *img;
	struct image_set set;
	struct options o;
	size_t i;

	parse_options("info", argc, argv, 0, &o);
	set_init(&set);
	load_fip(&set, o.fip);
	/* Known images in table order, then unknown ones: TF-A's order. */
	for (i = 0; i < set.nr_slots; i++) {
		img = &set.img[i];
		if (!img->present)
			continue;
		if (img->desc != NULL) {
			printf("%s: offset=0x%zX, size=0x%zX, cmdline=\"--%s\"\n", img->desc->name,
			       img->offset, img->size, img->desc->option);
		} else {
			fip_uuid_to_str(&img->uuid, uuid_str);
			printf("%s: offset=0x%zX, size=0x%zX, cmdline=\"--blob\"\n", uuid_str,
			       img->offset, img->size);
		}
	}
	set_free(&set);
	return 0;
}

/* Put the file named by each request into the set (create/update). */
static void add_images(struct image_set *set, const struct options *o)
{
	const struct request *r;
	struct image *img;
	size_t i;

	for (i = 0; i < o->nr_req; i++) {
		r = &o->req[i];
		img = set_slot(set, &r->uuid, true);
		debug("%s %s from %s", img->present ? "replacing" : "adding", r->label, r->file);
		image_clear(img);
		img->owned = read_file(r->file, &img->size);
		img->data = img->owned;
		img->present = true;
	}
}

static int cmd_create(int argc, char **argv)
{
	struct image_set set;
	struct options o;

	parse_options("create", argc, argv, OPT_ALIGN | OPT_PLAT_FLAGS | OPT_IMG_FILE, &o);
	set_init(&set);
	set.toc_flags = (uint64_t)o.toc_plat_flags << FIP_TOC_PLAT_FLAGS_SHIFT;
	add_images(&set, &o);
	pack_fip(&set, o.align, o.fip);
	set_free(&set);
	return 0;
}

static int cmd_update(int argc, char **argv)
{
	struct image_set set;
	struct options o;

	parse_options("update", argc, argv, OPT_ALIGN | OPT_PLAT_FLAGS | OPT_OUT | OPT_IMG_FILE,
	              &o);
	set_init(&set);
	/* Like TF-A's fiptool, updating a FIP that does not exist creates it. */
	if (file_exists(o.fip))
		load_fip(&set, o.fip);
	else
		debug("%s does not exist, creating it", o.fip);
	if (o.have_plat_flags) {
		set.toc_flags &= ~FIP_TOC_PLAT_FLAGS_MASK;
		set.toc_flags |= (uint64_t)o.toc_plat_flags << FIP_TOC_PLAT_FLAGS_SHIFT;
	}
	add_images(&set, &o);
	pack_fip(&set, o.align, o.out != NULL ? o.out : o.fip);
	set_free(&set);
	return 0;
}

static int cmd_remove(int argc, char **argv)
{
	struct image_set set;
	struct image *img;
	struct options o;
	size_t i;

	parse_options("remove", argc, argv, OPT_ALIGN | OPT_OUT | OPT_FORCE | OPT_IMG_NOFILE, &o);
	if (o.out != NULL && !o.force && file_exists(o.out))
		die("remove: '%s' already exists, use --force to overwrite it", o.out);
	set_init(&set);
	load_fip(&set, o.fip);
	for (i = 0; i < o.nr_req; i++) {
		img = set_slot(&set, &o.req[i].uuid, false);
		if (img == NULL || !img->present) {
			warn("%s is not in %s", o.req[i].label, o.fip);
			continue;
		}
		debug("removing %s", o.req[i].label);
		image_clear(img);
	}
	pack_fip(&set, o.align, o.out != NULL ? o.out : o.fip);
	set_free(&set);
	return 0;
}

/* Write one image; an existing file is kept unless --force (TF-A's rule). */
static void unpack_one(const struct image *img, const char *path, bool force)
{
	if (!force && file_exists(path)) {
		warn("'%s' already exists, use --force to overwrite it", path);
		return;
	}
	debug("unpacking to %s", path);
	write_file(path, img->data, img->size);
}

static int cmd_unpack(int argc, char **argv)
{
	char name[FIP_UUID_STR_LEN + 8], label_buf[FIP_UUID_STR_LEN + 1];
	const struct request *r;
	const struct image *img;
	struct image_set set;
	struct options o;
	size_t i;

	parse_options("unpack", argc, argv, OPT_OUT | OPT_FORCE | OPT_IMG_FILE | OPT_FILE_OPT, &o);
	set_init(&set);
	load_fip(&set, o.fip);
	/* Output names are relative to --out, as in TF-A's fiptool. */
	if (o.out != NULL && chdir(o.out) != 0)
		die("unpack: cannot use output directory '%s': %s", o.out, strerror(errno));

	if (o.nr_req == 0) {
		for (i = 0; i < set.nr_slots; i++) {
			img = &set.img[i];
			if (!img->present)
				continue;
			snprintf(name, sizeof(name), "%s.bin", image_label(img, label_buf));
			unpack_one(img, name, o.force);
		}
	}
	for (i = 0; i < o.nr_req; i++) {
		r = &o.req[i];
		img = set_slot(&set, &r->uuid, false);
		if (img == NULL || !img->present) {
			warn("%s is not in %s", r->label, o.fip);
			continue;
		}
		if (r->file != NULL) {
			unpack_one(img, r->file, o.force);
		} else {
			snprintf(name, sizeof(name), "%s.bin", image_label(img, label_buf));
			unpack_one(img, name, o.force);
		}
	}
	set_free(&set);
	return 0;
}

/* ------------------------------------------------------------------------
 * Help
 */

static void usage_image_options(bool with_file)
{
	size_t i;

	printf("\nSpecific images are %s with the following options:\n",
	       with_file ? "packed/unpacked" : "removed");
	for (i = 0; i < fip_image_desc_count; i++) {
		printf("  --%-16s %s\t%s\n", fip_image_descs[i].option,
		       with_file ? "FILENAME" : "        ", fip_image_descs[i].name);
	}
}

static void usage_main(FILE *f)
{
	fprintf(f, "usage: fiptool [--verbose] <command> [<args>]\n"
	           "Global options supported:\n"
	           "  --verbose\tEnable verbose output for all commands.\n"
	           "\n"
	           "Commands supported:\n"
	           "  info\t\tList images contained in FIP.\n"
	           "  create\tCreate a new FIP with the given images.\n"
	           "  update\tUpdate an existing FIP with the given images.\n"
	           "  unpack\tUnpack images from FIP.\n"
	           "  remove\tRemove images from FIP.\n"
	           "  version\tShow fiptool version.\n"
	           "  help\t\tShow help for given command.\n");
}

static void usage_cmd(const char *cmd)
{
	if (strcmp(cmd, "info") == 0) {
		printf("fiptool info FIP_FILENAME\n\n"
		       "Lists each image: name, offset, size and the option that selects it.\n");
	} else if (strcmp(cmd, "create") == 0) {
		printf("fiptool create [opts] FIP_FILENAME\n\n"
		       "Options:\n"
		       "  --align <value>\t\tEach image is aligned to <value> (power of two up to 16 MiB, default: 1).\n"
		       "  --blob uuid=...,file=...\tAdd an image with the given UUID pointed to by file.\n"
		       "  --plat-toc-flags <value>\t16-bit hex platform flags, bits 32-47 of the ToC header flags.\n");
		usage_image_options(true);
	} else if (strcmp(cmd, "update") == 0) {
		printf("fiptool update [opts] FIP_FILENAME\n\n"
		       "Options:\n"
		       "  --align <value>\t\tEach image is aligned to <value> (power of two up to 16 MiB, default: 1).\n"
		       "  --blob uuid=...,file=...\tAdd or update an image with the given UUID pointed to by file.\n"
		       "  --out FIP_FILENAME\t\tSet an alternative output FIP file.\n"
		       "  --plat-toc-flags <value>\t16-bit hex platform flags, bits 32-47 of the ToC header flags.\n");
		usage_image_options(true);
	} else if (strcmp(cmd, "unpack") == 0) {
		printf("fiptool unpack [opts] FIP_FILENAME\n\n"
		       "Options:\n"
		       "  --blob uuid=...[,file=...]\tUnpack the image with the given UUID (to file).\n"
		       "  --force\t\t\tOverwrite existing output files.\n"
		       "  --out path\t\t\tSet the output directory path.\n");
		usage_image_options(true);
		printf("\nIf no image options are given, all images are unpacked.\n");
	} else if (strcmp(cmd, "remove") == 0) {
		printf("fiptool remove [opts] FIP_FILENAME\n\n"
		       "Options:\n"
		       "  --align <value>\tEach image is aligned to <value> (power of two up to 16 MiB, default: 1).\n"
		       "  --blob uuid=...\tRemove an image with the given UUID.\n"
		       "  --force\t\tIf the output FIP file already exists, use --force to overwrite it.\n"
		       "  --out FIP_FILENAME\tSet an alternative output FIP file.\n");
		usage_image_options(false);
	} else if (strcmp(cmd, "version") == 0) {
		printf("fiptool version\n");
	} else if (strcmp(cmd, "help") == 0) {
		printf("fiptool help [<command>]\n");
	} else {
		die("help: unknown command '%s'", cmd);
	}
}

static int cmd_help(int argc, char **argv)
{
	if (argc > 1)
		die("help: too many arguments");
	if (argc == 0)
		usage_main(stdout);
	else
		usage_cmd(argv[0]);
	return 0;
}

static int cmd_version(int argc, char **argv)
{
	(void)argv;
	if (argc != 0)
		die("version: unexpected argument");
	printf("fiptool version %s\n", FIPTOOL_VERSION);
	return 0;
}

static const struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
} commands[] = {
	{ "info", cmd_info },     { "create", cmd_create }, { "update", cmd_update },
	{ "unpack", cmd_unpack }, { "remove", cmd_remove }, { "version", cmd_version },
	{ "help", cmd_help },
};

int main(int argc, char **argv)
{
	size_t i;
	int arg = 1;

	for (; arg < argc && argv[arg][0] == '-'; arg++) {
		if (strcmp(argv[arg], "--verbose") == 0) {
			verbose = true;
		} else if (strcmp(argv[arg], "--help") == 0 || strcmp(argv[arg], "-h") == 0) {
			usage_main(stdout);
			return 0;
		} else {
			die("unknown option '%s' (see 'fiptool help')", argv[arg]);
		}
	}
	if (arg == argc) {
		usage_main(stderr);
		return 1;
	}
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		if (strcmp(argv[arg], commands[i].name) == 0) {
			/* "fiptool CMD --help" means "fiptool help CMD". */
			if (arg + 1 < argc && (strcmp(argv[arg + 1], "--help") == 0 ||
			                       strcmp(argv[arg + 1], "-h") == 0)) {
				usage_cmd(commands[i].name);
				return 0;
			}
			return commands[i].fn(argc - arg - 1, argv + arg + 1);
		}
	}
	die("unknown command '%s' (see 'fiptool help')", argv[arg]);
}
