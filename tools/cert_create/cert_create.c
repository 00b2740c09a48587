/*
 * cert_create: make the TBBR chain-of-trust certificates (Arm DEN0006) that
 * lib/auth verifies, with TF-A's command line (docs/tools/cert_create.rst).
 *
 * Each certificate is X.509 v3 (RFC 5280), self-signed with the key it is
 * named after (trust comes from the chain of extensions, not from issuer
 * names), and carries critical extensions under 1.3.6.1.4.1.4128.2100 with
 * TF-A's encodings: NV counter INTEGER; image hash SEQUENCE {
 * AlgorithmIdentifier, OCTET STRING } (a DigestInfo, RFC 8017 9.2); key
 * SubjectPublicKeyInfo. RSA keys sign with RSASSA-PSS (RFC 8017 8.1), ECDSA
 * keys with ecdsa-with-SHA* (RFC 5758 3.2).
 *
 * Built on OpenSSL 3's libcrypto. Bad input: "cert_create: <problem>" on
 * stderr and exit status 1.
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <openssl/err.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <lib/auth/auth.h>
#include <lib/auth/tbbr_oid.h>

/* Certificates are valid 20 years from now, as TF-A's tool makes them; the
 * firmware does not read the dates (it has no clock). */
#define CERT_VALID_DAYS (20L * 365L)
/* RSASSA-PSS salt length, bytes, for every hash: TF-A 2.8's cert_create
 * uses 32 whatever the hash; doing the same keeps our certificates'
 * AlgorithmIdentifier byte-identical to theirs. */
#define PSS_SALT_LEN    32

static void __attribute__((noreturn, format(printf, 1, 2))) die(const char *fmt, ...)
{
	unsigned long e = ERR_peek_last_error();
	va_list ap;

	fputs("cert_create: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (e != 0)
		fprintf(stderr, " (%s)", ERR_reason_error_string(e));
	fputc('\n', stderr);
	exit(1);
}

/* ----- Keys ----------------------------------------------------------------- */

enum key_id {
	KEY_ROT,
	KEY_TRUSTED_WORLD,
	KEY_NON_TRUSTED_WORLD,
	KEY_SOC_FW,
	KEY_NT_FW,
	KEY_COUNT
};

struct key {
	const char *option; /* command-line name */
	const char *path;   /* PEM file, or NULL */
	EVP_PKEY *pkey;
	bool generated;
};

static struct key keys[KEY_COUNT] = {
	[KEY_ROT] = { .option = "rot-key" },
	[KEY_TRUSTED_WORLD] = { .option = "trusted-world-key" },
	[KEY_NON_TRUSTED_WORLD] = { .option = "non-trusted-world-key" },
	[KEY_SOC_FW] = { .option = "soc-fw-key" },
	[KEY_NT_FW] = { .option = "nt-fw-key" },
};

/* ----- Images and hashes ------------------------------------------------------ */

enum image_id {
	IMG_TB_FW,
	IMG_TB_FW_CONFIG,
	IMG_HW_CONFIG,
	IMG_FW_CONFIG,
	IMG_SOC_FW,
	IMG_SOC_FW_CONFIG,
	IMG_NT_FW,
	IMG_NT_FW_CONFIG,
	IMG_COUNT
};

struct image {
	const char *option;
	const char *path;
};

static struct image images[IMG_COUNT] = {
	[IMG_TB_FW] = { .option = "tb-fw" },
	[IMG_TB_FW_CONFIG] = { .option = "tb-fw-config" },
	[IMG_HW_CONFIG] = { .option = "hw-config" },
	[IMG_FW_CONFIG] = { .option = "fw-config" },
	[IMG_SOC_FW] = { .option = "soc-fw" },
	[IMG_SOC_FW_CONFIG] = { .option = "soc-fw-config" },
	[IMG_NT_FW] = { .option = "nt-fw" },
	[IMG_NT_FW_CONFIG] = { .option = "nt-fw-config" },
};

/* ----- Certificates ----------------------------------------------------------- */

enum ext_type {
	EXT_NVCTR,
	EXT_HASH,
	EXT_KEY
};
enum nvctr_id {
	NVCTR_TRUSTED,
	NVCTR_NON_TRUSTED
};

struct ext {
	enum ext_type type;
	const char *oid;
	int arg;       /* nvctr_id, image_id or key_id */
	bool required; /* hash: the image must be given; else the
				 * digest is all zero, as TF-A writes it */
};

#define MAX_EXTS 5

enum cert_id {
	CERT_TB_FW,
	CERT_TRUSTED_KEY,
	CERT_SOC_FW_KEY,
	CERT_SOC_FW,
	CERT_NT_FW_KEY,
	CERT_NT_FW,
	CERT_COUNT
};

struct cert {
	const char *option;
	const char *cn;  /* subject and issuer common name */
	enum key_id key; /* signs it, and is its subject key */
	struct ext exts[MAX_EXTS];
	const char *path; /* DER output, or NULL: not made */
};

#define NVCTR(id, o)                                                                               \
	{                                                                                          \
		EXT_NVCTR, (o), (id), true                                                         \
	}
#define HASH(img, o, req)                                                                          \
	{                                                                                          \
		EXT_HASH, (o), (img), (req)                                                        \
	}
#define KEY(k, o)                                                                                  \
	{                                                                                          \
		EXT_KEY, (o), (k), true                                                            \
	}

static struct cert certs[CERT_COUNT] = {
	[CERT_TB_FW] = { "tb-fw-cert",
	                 "Trusted Boot FW Certificate",
	                 KEY_ROT,
	                 {
				 NVCTR(NVCTR_TRUSTED, TBBR_OID_TRUSTED_NV_CTR),
				 HASH(IMG_TB_FW, TBBR_OID_BL2_HASH, true),
				 HASH(IMG_TB_FW_CONFIG, TBBR_OID_TB_FW_CONFIG_HASH, false),
				 HASH(IMG_HW_CONFIG, TBBR_OID_HW_CONFIG_HASH, false),
				 HASH(IMG_FW_CONFIG, TBBR_OID_FW_CONFIG_HASH, false),
			 },
	                 NULL },
	[CERT_TRUSTED_KEY] = { "trusted-key-cert",
	                       "Trusted Key Certificate",
	                       KEY_ROT,
	                       {
				       NVCTR(NVCTR_TRUSTED, TBBR_OID_TRUSTED_NV_CTR),
				       KEY(KEY_TRUSTED_WORLD, TBBR_OID_TRUSTED_WORLD_PK),
				       KEY(KEY_NON_TRUSTED_WORLD, TBBR_OID_NON_TRUSTED_WORLD_PK),
			       },
	                       NULL },
	[CERT_SOC_FW_KEY] = { "soc-fw-key-cert",
	                      "SoC Firmware Key Certificate",
	                      KEY_TRUSTED_WORLD,
	                      {
				      NVCTR(NVCTR_TRUSTED, TBBR_OID_TRUSTED_NV_CTR),
				      KEY(KEY_SOC_FW, TBBR_OID_SOC_FW_CONTENT_CERT_PK),
			      },
	                      NULL },
	[CERT_SOC_FW] = { "soc-fw-cert",
	                  "SoC Firmware Content Certificate",
	                  KEY_SOC_FW,
	                  {
				  NVCTR(NVCTR_TRUSTED, TBBR_OID_TRUSTED_NV_CTR),
				  HASH(IMG_SOC_FW, TBBR_OID_BL31_HASH, true),
				  HASH(IMG_SOC_FW_CONFIG, TBBR_OID_SOC_FW_CONFIG_HASH, false),
			  },
	                  NULL },
	[CERT_NT_FW_KEY] = { "nt-fw-key-cert",
	                     "Non-Trusted Firmware Key Certificate",
	                     KEY_NON_TRUSTED_WORLD,
	                     {
				     NVCTR(NVCTR_NON_TRUSTED, TBBR_OID_NON_TRUSTED_NV_CTR),
				     KEY(KEY_NT_FW, TBBR_OID_NT_FW_CONTENT_CERT_PK),
			     },
	                     NULL },
	[CERT_NT_FW] = { "nt-fw-cert",
	                 "Non-Trusted Firmware Content Certificate",
	                 KEY_NT_FW,
	                 {
				 NVCTR(NVCTR_NON_TRUSTED, TBBR_OID_NON_TRUSTED_NV_CTR),
				 HASH(IMG_NT_FW, TBBR_OID_BL33_HASH, true),
				 HASH(IMG_NT_FW_CONFIG, TBBR_OID_NT_FW_CONFIG_HASH, false),
			 },
	                 NULL },
};

/* ----- Options ----------------------------------------------------------------- */

static struct {
	bool rsa;         /* -a: rsa (default) or ecdsa */
	bool alg_given;   /* -a was given: keys read from files must be of it too */
	int key_bits;     /* -b: 0 = the algorithm's default */
	const EVP_MD *md; /* -s */
	bool save_keys;   /* -k */
	bool new_keys;    /* -n */
	bool print;       /* -p */
	bool nvctr_set[2];
	uint32_t nvctr[2];
} opt = { .rsa = true };

enum {
	OPT_KEY = 0x100,
	OPT_CERT = 0x200,
	OPT_IMAGE = 0x300,
	OPT_TFW_NVCTR = 0x400,
	OPT_NTFW_NVCTR
};

static void usage(FILE *f)
{
	int i;

	fprintf(f,
	        "cert_create: make the TBBR chain-of-trust certificates (DER).\n\n"
	        "Usage: cert_create [OPTIONS]\n\n"
	        "  -a, --key-alg rsa|ecdsa     key algorithm for new keys: rsa (RSASSA-PSS,\n"
	        "                              the default) or ecdsa; when given, keys read\n"
	        "                              from files must be of it too\n"
	        "  -b, --key-size BITS         rsa: 2048 (default), 3072, 4096;\n"
	        "                              ecdsa: 256 (P-256, default), 384 (P-384)\n"
	        "  -s, --hash-alg ALG          sha256 (default), sha384, sha512: signatures\n"
	        "                              and image hashes\n"
	        "  -k, --save-keys             save the keys generated to their files\n"
	        "  -n, --new-keys              generate the keys whose files are not given\n"
	        "                              or do not exist\n"
	        "  -p, --print-cert            print the certificates\n"
	        "  -h, --help                  this text\n"
	        "  --tfw-nvctr N               trusted-firmware NV counter (0..4294967295)\n"
	        "  --ntfw-nvctr N              non-trusted-firmware NV counter\n\n"
	        "Keys (PEM files, read, or written with -n -k; named without a certificate,\n"
	        "they are read and checked: RSA of %u to %u bits, EC on P-256 or P-384):\n",
	        AUTH_RSA_MIN_BITS, AUTH_RSA_MAX_BITS);
	for (i = 0; i < KEY_COUNT; i++)
		fprintf(f, "  --%s FILE\n", keys[i].option);
	fprintf(f, "Certificates (DER files written):\n");
	for (i = 0; i < CERT_COUNT; i++)
		fprintf(f, "  --%-26s %s\n", certs[i].option, certs[i].cn);
	fprintf(f, "Images (files hashed into the certificates):\n");
	for (i = 0; i < IMG_COUNT; i++)
		fprintf(f, "  --%s FILE\n", images[i].option);
}

static uint32_t parse_nvctr(const char *s, const char *name)
{
	unsigned long long v;
	char *end;

	errno = 0;
	if (*s < '0' || *s > '9')
		die("--%s %s: not a number", name, s);
	v = strtoull(s, &end, 0);
	if (errno != 0 || *end != '\0' || v > UINT32_MAX)
		die("--%s %s: not a number in 0..4294967295", name, s);
	return (uint32_t)v;
}

static void parse_args(int argc, char **argv)
{
	static struct option longopts[5 + KEY_COUNT + CERT_COUNT + IMG_COUNT + 4];
	static const struct option fixed[] = {
		{ "key-alg", required_argument, NULL, 'a' },
		{ "key-size", required_argument, NULL, 'b' },
		{ "hash-alg", required_argument, NULL, 's' },
		{ "save-keys", no_argument, NULL, 'k' },
		{ "new-keys", no_argument, NULL, 'n' },
		{ "print-cert", no_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{ "tfw-nvctr", required_argument, NULL, OPT_TFW_NVCTR },
		{ "ntfw-nvctr", required_argument, NULL, OPT_NTFW_NVCTR },
	};
	size_t n = 0, i;
	int c;

	for (i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		longopts[n++] = fixed[i];
	for (i = 0; i < KEY_COUNT; i++)
		longopts[n++] = (struct option){ keys[i].option, required_argument, NULL,
			                         OPT_KEY + (int)i };
	for (i = 0; i < CERT_COUNT; i++)
		longopts[n++] = (struct option){ certs[i].option, required_argument, NULL,
			                         OPT_CERT + (int)i };
	for (i = 0; i < IMG_COUNT; i++)
		longopts[n++] = (struct option){ images[i].option, required_argument, NULL,
			                         OPT_IMAGE + (int)i };
	longopts[n] = (struct option){ NULL, 0, NULL, 0 };

	opt.md = EVP_sha256();
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":a:b:s:knph", longopts, NULL)) != -1) {
		switch (c) {
		case 'a':
			if (strcmp(optarg, "rsa") == 0)
				opt.rsa = true;
			else if (strcmp(optarg, "ecdsa") == 0)
				opt.rsa = false;
			else
				die("--key-alg %s: not rsa or ecdsa", optarg);
			opt.alg_given = true;
			break;
		case 'b': {
			char *end;
			long v = strtol(optarg, &end, 10);

			if (*end != '\0' || v <= 0 || v > 65536)
				die("--key-size %s: not a number of bits", optarg);
			opt.key_bits = (int)v;
			break;
		}
		case 's':
			if (strcmp(optarg, "sha256") == 0)
				opt.md = EVP_sha256();
			else if (strcmp(optarg, "sha384") == 0)
				opt.md = EVP_sha384();
			else if (strcmp(optarg, "sha512") == 0)
				opt.md = EVP_sha512();
			else
				die("--hash-alg %s: not sha256, sha384 or sha512", optarg);
			break;
		case 'k':
			opt.save_keys = true;
			break;
		case 'n':
			opt.new_keys = true;
			break;
		case 'p':
			opt.print = true;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		case OPT_TFW_NVCTR:
			opt.nvctr[NVCTR_TRUSTED] = parse_nvctr(optarg, "tfw-nvctr");
			opt.nvctr_set[NVCTR_TRUSTED] = true;
			break;
		case OPT_NTFW_NVCTR:
			opt.nvctr[NVCTR_NON_TRUSTED] = parse_nvctr(optarg, "ntfw-nvctr");
			opt.nvctr_set[NVCTR_NON_TRUSTED] = true;
			break;
		case ':':
			die("%s needs an argument (see cert_create -h)", argv[optind - 1]);
		case '?':
			die("unknown option %s (see cert_create -h)", argv[optind - 1]);
		default:
			if (c >= OPT_KEY && c < OPT_KEY + KEY_COUNT)
				keys[c - OPT_KEY].path = optarg;
			else if (c >= OPT_CERT && c < OPT_CERT + CERT_COUNT)
				certs[c - OPT_CERT].path = optarg;
			else if (c >= OPT_IMAGE && c < OPT_IMAGE + IMG_COUNT)
				images[c - OPT_IMAGE].path = optarg;
			else
				die("internal error: option %d", c);
		}
	}
	if (optind < argc)
		die("unexpected argument '%s' (see cert_create -h)", argv[optind]);

	/* Key sizes lib/auth accepts (include/lib/auth/auth.h). */
	if (opt.rsa) {
		if (opt.key_bits == 0)
			opt.key_bits = 2048;
		if (opt.key_bits != 2048 && opt.key_bits != 3072 && opt.key_bits != 4096)
			die("--key-size %d: rsa keys are 2048, 3072 or 4096 bits", opt.key_bits);
	} else {
		if (opt.key_bits == 0)
			opt.key_bits = 256;
		if (opt.key_bits != 256 && opt.key_bits != 384)
			die("--key-size %d: ecdsa keys are 256 or 384 bits", opt.key_bits);
	}
}

/* ----- Key handling ---------------------------------------------------------- */

/*
 * A key read from a file is one the firmware can verify, or it is refused
 * here, before anything is signed: a certificate whose key BL1 or BL2
 * refuses is a FIP that does not boot (on N1SDP, a board to recover).
 * These are lib/auth's rules (auth_crypto.c, check_key(), on mbed TLS
 * 2.28 as configured by include/lib/auth/mbedtls_config.h):
 *  - RSA of AUTH_RSA_MIN_BITS..AUTH_RSA_MAX_BITS bits (an rsaEncryption
 *    key: mbed TLS does not parse id-RSASSA-PSS keys, RFC 4055 1.2);
 *  - EC on P-256 or P-384, named by its OID (RFC 5480 2.1.1: mbed TLS
 *    is built without specified domain parameters) with an uncompressed
 *    point (SEC1 2.3.3: mbed TLS reads no compressed point on these
 *    curves);
 *  - with --key-alg, of that algorithm alone: a firmware built with
 *    KEY_ALG=rsa holds no ECDSA code, and the other way round.
 * Those are said here in OpenSSL's terms, with the remedy; then lib/auth
 * itself has the last word (key_usable): its reader and mbed TLS's checks,
 * the very code BL1 and BL2 run, so that the two can never disagree (an
 * RSA public exponent of 1, an even one or one not below the modulus,
 * which OpenSSL signs with, included).
 */
/* lib/auth's panic() (an mbed TLS fault it cannot go on from), on the host. */
void __panic(const char *file, int line);
void __panic(const char *file, int line)
{
	fprintf(stderr, "cert_create: lib/auth stopped at %s:%d\n", file, line);
	exit(2);
}

static void key_usable(const struct key *k)
{
	unsigned char *der = NULL;
	int len = i2d_PUBKEY(k->pkey, &der);
	int rc = len > 0 ? auth_key_usable(der, (size_t)len) : AUTH_E_KEY;
	BIGNUM *e = NULL;
	char *dec = NULL;

	OPENSSL_free(der);
	if (rc == AUTH_OK)
		return;
	if (EVP_PKEY_get_id(k->pkey) == EVP_PKEY_RSA &&
	    EVP_PKEY_get_bn_param(k->pkey, OSSL_PKEY_PARAM_RSA_E, &e) && e != NULL)
		dec = BN_bn2dec(e);
	BN_free(e);
	if (dec != NULL) {
		char shown[24];

		snprintf(shown, sizeof(shown), "%s%s", strlen(dec) > 16 ? "..." : "",
		         dec + (strlen(dec) > 16 ? strlen(dec) - 16 : 0));
		OPENSSL_free(dec);
		die("--%s %s: an RSA key the firmware refuses (lib/auth: %s): its public exponent "
		    "e = %s; the firmware takes an odd e with 1 < e < n (65537 is usual)",
		    k->option, k->path != NULL ? k->path : "(new)", auth_strerror(rc), shown);
	}
	die("--%s %s: a key the firmware refuses (lib/auth: %s)%s", k->option,
	    k->path != NULL ? k->path : "(new)", auth_strerror(rc),
	    EVP_PKEY_get_id(k->pkey) == EVP_PKEY_EC ? ": its point is not on its curve" : "");
}

static void key_check(const struct key *k)
{
	EVP_PKEY *p = k->pkey;
	char text[64];

	switch (EVP_PKEY_get_id(p)) {
	case EVP_PKEY_RSA:
		if (opt.alg_given && !opt.rsa)
			die("--%s %s: an RSA key, but --key-alg ecdsa: the firmware verifies ECDSA "
			    "keys alone (KEY_ALG=ecdsa)",
			    k->option, k->path);
		if (EVP_PKEY_get_bits(p) < (int)AUTH_RSA_MIN_BITS ||
		    EVP_PKEY_get_bits(p) > (int)AUTH_RSA_MAX_BITS)
			die("--%s %s: an RSA key of %d bits: the firmware verifies RSA keys of "
			    "%u to %u bits",
			    k->option, k->path, EVP_PKEY_get_bits(p), AUTH_RSA_MIN_BITS,
			    AUTH_RSA_MAX_BITS);
		key_usable(k);
		return;
	case EVP_PKEY_EC:
		if (opt.alg_given && opt.rsa)
			die("--%s %s: an EC key, but --key-alg rsa: the firmware verifies RSA keys "
			    "alone (KEY_ALG=rsa)",
			    k->option, k->path);
		if (!EVP_PKEY_get_utf8_string_param(p, OSSL_PKEY_PARAM_EC_ENCODING, text,
		                                    sizeof(text), NULL) ||
		    strcmp(text, OSSL_PKEY_EC_ENCODING_GROUP) != 0)
			die("--%s %s: an EC key with explicit curve parameters: the firmware "
			    "takes a named curve (P-256 or P-384) only (openssl ec -param_enc "
			    "named_curve)",
			    k->option, k->path);
		if (!EVP_PKEY_get_utf8_string_param(p, OSSL_PKEY_PARAM_GROUP_NAME, text,
		                                    sizeof(text), NULL))
			text[0] = '\0';
		if (strcmp(text, SN_X9_62_prime256v1) != 0 && strcmp(text, SN_secp384r1) != 0)
			die("--%s %s: an EC key on curve %s: the firmware verifies P-256 and P-384 "
			    "keys only",
			    k->option, k->path, text[0] != '\0' ? text : "(unnamed)");
		if (EVP_PKEY_get_utf8_string_param(p, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT,
		                                   text, sizeof(text), NULL) &&
		    strcmp(text, OSSL_PKEY_EC_POINT_CONVERSION_FORMAT_UNCOMPRESSED) != 0)
			die("--%s %s: an EC key with a %s point: the firmware reads uncompressed "
			    "points only (openssl ec -conv_form uncompressed)",
			    k->option, k->path, text);
		key_usable(k);
		return;
	default:
		die("--%s %s: a key of type %s: the firmware verifies RSA and EC (P-256, P-384) "
		    "keys only",
		    k->option, k->path, OBJ_nid2sn(EVP_PKEY_get_id(p)));
	}
}

/* No passphrase prompt: an encrypted key is refused, never waited on. */
static int no_passphrase(char *buf, int size, int rwflag, void *u)
{
	(void)buf, (void)size, (void)rwflag, (void)u;
	return -1;
}

static void key_load_or_make(struct key *k)
{
	struct stat st;
	FILE *f;

	if (k->pkey != NULL)
		return;
	if (k->path != NULL && stat(k->path, &st) == 0 && !S_ISREG(st.st_mode))
		die("--%s %s: not a file", k->option, k->path);
	if (k->path != NULL && (f = fopen(k->path, "r")) != NULL) {
		char line[80] = "";

		k->pkey = PEM_read_PrivateKey(f, NULL, no_passphrase, NULL);
		if (k->pkey == NULL) {
			/* The reason is ours to say: OpenSSL's would only add noise. */
			ERR_clear_error();
			rewind(f);
			while (fgets(line, sizeof(line), f) != NULL &&
			       strncmp(line, "-----", 5) != 0)
				;
		}
		fclose(f);
		if (k->pkey == NULL && strstr(line, "ENCRYPTED") != NULL)
			die("--%s %s: an encrypted private key: give it without a passphrase "
			    "(openssl pkey -in FILE -out PLAIN)",
			    k->option, k->path);
		if (k->pkey == NULL && strstr(line, "PUBLIC KEY") != NULL)
			die("--%s %s: a public key: certificates are signed with the private key",
			    k->option, k->path);
		if (k->pkey == NULL)
			die("--%s %s: not a PEM private key", k->option, k->path);
		key_check(k);
		return;
	}
	if (k->path != NULL && errno != ENOENT)
		die("--%s %s: %s", k->option, k->path, strerror(errno));
	if (!opt.new_keys)
		die("no key for --%s: give a PEM file%s, or -n to make one", k->option,
		    k->path != NULL ? " that exists" : "");
	if (opt.rsa)
		k->pkey = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)opt.key_bits);
	else
		k->pkey = EVP_PKEY_Q_keygen(NULL, NULL, "EC",
		                            opt.key_bits == 384 ? "P-384" : "P-256");
	if (k->pkey == NULL)
		die("cannot generate the --%s key", k->option);
	/* A key made here is taken by the build too: the firmware's check again. */
	key_usable(k);
	k->generated = true;
}

static void key_save(const struct key *k)
{
	mode_t old;
	FILE *f;

	/* Private keys: readable by their owner only. */
	old = umask(077);
	f = fopen(k->path, "w");
	umask(old);
	if (f == NULL)
		die("--%s %s: %s", k->option, k->path, strerror(errno));
	if (!PEM_write_PrivateKey(f, k->pkey, NULL, NULL, 0, NULL, NULL) || fclose(f) != 0)
		die("--%s %s: cannot write the key", k->option, k->path);
}

/* ----- Extension values ------------------------------------------------------ */

static unsigned char *read_file(const char *path, const char *option, size_t *len)
{
	unsigned char *buf = NULL;
	size_t cap = 0, n = 0, got;
	FILE *f = fopen(path, "rb");

	if (f == NULL)
		die("--%s %s: %s", option, path, strerror(errno));
	do {
		if (n == cap) {
			cap = cap ? cap * 2 : 65536;
			buf = realloc(buf, cap);
			if (buf == NULL)
				die("--%s %s: out of memory", option, path);
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
	} while (got != 0);
	if (ferror(f))
		die("--%s %s: read error", option, path);
	fclose(f);
	*len = n;
	return buf;
}

/* DER of SEQUENCE { AlgorithmIdentifier { hash OID, NULL }, OCTET STRING }:
 * the DigestInfo structure (RFC 8017 9.2), which is what TF-A writes. */
static int hash_ext_der(const struct ext *e, unsigned char **der)
{
	unsigned char digest[EVP_MAX_MD_SIZE];
	unsigned int digest_len = (unsigned int)EVP_MD_get_size(opt.md);
	const struct image *img = &images[e->arg];
	X509_ALGOR *alg;
	ASN1_OCTET_STRING *oct;
	X509_SIG *sig;
	int len;

	if (img->path != NULL) {
		size_t n;
		unsigned char *data = read_file(img->path, img->option, &n);

		if (!EVP_Digest(data, n, digest, &digest_len, opt.md, NULL))
			die("cannot hash --%s %s", img->option, img->path);
		free(data);
	} else {
		memset(digest, 0, sizeof(digest));
	}
	sig = X509_SIG_new();
	if (sig == NULL)
		die("out of memory");
	X509_SIG_getm(sig, &alg, &oct);
	if (!X509_ALGOR_set0(alg, OBJ_nid2obj(EVP_MD_get_type(opt.md)), V_ASN1_NULL, NULL) ||
	    !ASN1_OCTET_STRING_set(oct, digest, (int)digest_len))
		die("cannot encode a hash extension");
	*der = NULL;
	len = i2d_X509_SIG(sig, der);
	X509_SIG_free(sig);
	return len;
}

static int ext_der(const struct ext *e, unsigned char **der)
{
	ASN1_INTEGER *i;
	int len;

	*der = NULL;
	switch (e->type) {
	case EXT_NVCTR:
		i = ASN1_INTEGER_new();
		if (i == NULL || !ASN1_INTEGER_set_uint64(i, opt.nvctr[e->arg]))
			die("cannot encode an NV counter");
		len = i2d_ASN1_INTEGER(i, der);
		ASN1_INTEGER_free(i);
		return len;
	case EXT_HASH:
		return hash_ext_der(e, der);
	case EXT_KEY:
		return i2d_PUBKEY(keys[e->arg].pkey, der);
	}
	return -1;
}

/* ----- Certificate making ---------------------------------------------------- */

static void add_std_ext(X509 *x, int nid, const char *value)
{
	X509V3_CTX ctx;
	X509_EXTENSION *ext;

	/* Self-signed: issuer and subject are the same certificate. */
	X509V3_set_ctx(&ctx, x, x, NULL, NULL, 0);
	ext = X509V3_EXT_conf_nid(NULL, &ctx, nid, value);
	if (ext == NULL || !X509_add_ext(x, ext, -1))
		die("cannot add the %s extension", OBJ_nid2sn(nid));
	X509_EXTENSION_free(ext);
}

static void add_tbbr_ext(X509 *x, const struct ext *e)
{
	ASN1_OCTET_STRING *oct = ASN1_OCTET_STRING_new();
	ASN1_OBJECT *obj = OBJ_txt2obj(e->oid, 1);
	X509_EXTENSION *ext;
	unsigned char *der;
	int len = ext_der(e, &der);

	if (oct == NULL || obj == NULL || len <= 0 || !ASN1_OCTET_STRING_set(oct, der, len))
		die("cannot encode extension %s", e->oid);
	/* Critical, as TF-A marks them: a generic X.509 verifier, which does
	 * not know them, must refuse these certificates (RFC 5280 4.2). */
	ext = X509_EXTENSION_create_by_OBJ(NULL, obj, 1, oct);
	if (ext == NULL || !X509_add_ext(x, ext, -1))
		die("cannot add extension %s", e->oid);
	X509_EXTENSION_free(ext);
	ASN1_OBJECT_free(obj);
	ASN1_OCTET_STRING_free(oct);
	OPENSSL_free(der);
}

static void sign(X509 *x, EVP_PKEY *pkey)
{
	EVP_MD_CTX *mctx = EVP_MD_CTX_new();
	EVP_PKEY_CTX *pctx = NULL;

	if (mctx == NULL || !EVP_DigestSignInit(mctx, &pctx, opt.md, NULL, pkey))
		die("cannot start signing");
	if (EVP_PKEY_get_base_id(pkey) == EVP_PKEY_RSA &&
	    (EVP_PKEY_CTX_set_rsa_padding(pctx, RSA_PKCS1_PSS_PADDING) <= 0 ||
	     EVP_PKEY_CTX_set_rsa_pss_saltlen(pctx, PSS_SALT_LEN) <= 0 ||
	     EVP_PKEY_CTX_set_rsa_mgf1_md(pctx, opt.md) <= 0))
		die("cannot set up RSASSA-PSS");
	if (X509_sign_ctx(x, mctx) <= 0)
		die("cannot sign");
	EVP_MD_CTX_free(mctx);
}

static void make_cert(const struct cert *c)
{
	EVP_PKEY *pkey = keys[c->key].pkey;
	unsigned char serial[8];
	X509_NAME *name;
	BIGNUM *bn;
	X509 *x;
	FILE *f;
	int i;

	x = X509_new();
	if (x == NULL || !X509_set_version(x, X509_VERSION_3))
		die("out of memory");
	/* A random positive 63-bit serial number (RFC 5280 4.1.2.2). */
	if (RAND_bytes(serial, sizeof(serial)) != 1)
		die("no random numbers");
	serial[0] &= 0x7f;
	serial[0] |= 0x01;
	bn = BN_bin2bn(serial, sizeof(serial), NULL);
	if (bn == NULL || BN_to_ASN1_INTEGER(bn, X509_get_serialNumber(x)) == NULL)
		die("cannot set the serial number");
	BN_free(bn);
	if (X509_gmtime_adj(X509_getm_notBefore(x), 0) == NULL ||
	    X509_time_adj_ex(X509_getm_notAfter(x), CERT_VALID_DAYS, 0, NULL) == NULL)
		die("cannot set the validity");
	name = X509_get_subject_name(x);
	if (!X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8, (const unsigned char *)c->cn, -1,
	                                -1, 0) ||
	    !X509_set_issuer_name(x, name) || !X509_set_pubkey(x, pkey))
		die("cannot set the names or the key");

	add_std_ext(x, NID_subject_key_identifier, "hash");
	add_std_ext(x, NID_authority_key_identifier, "keyid:always");
	add_std_ext(x, NID_basic_constraints, "CA:FALSE");
	for (i = 0; i < MAX_EXTS && c->exts[i].oid != NULL; i++)
		add_tbbr_ext(x, &c->exts[i]);
	sign(x, pkey);

	f = fopen(c->path, "wb");
	if (f == NULL)
		die("--%s %s: %s", c->option, c->path, strerror(errno));
	if (!i2d_X509_fp(f, x) || fclose(f) != 0)
		die("--%s %s: cannot write the certificate", c->option, c->path);
	if (opt.print) {
		printf("%s:\n", c->cn);
		X509_print_fp(stdout, x);
	}
	X509_free(x);
}

int main(int argc, char **argv)
{
	bool key_needed[KEY_COUNT] = { false };
	bool any_cert = false;
	int i, j;

	parse_args(argc, argv);

	/* What each certificate needs: its NV counter, its required images,
	 * its signing key and the keys it carries. Checked before anything
	 * is generated or written. */
	for (i = 0; i < CERT_COUNT; i++) {
		const struct cert *c = &certs[i];

		if (c->path == NULL)
			continue;
		any_cert = true;
		key_needed[c->key] = true;
		for (j = 0; j < MAX_EXTS && c->exts[j].oid != NULL; j++) {
			const struct ext *e = &c->exts[j];

			if (e->type == EXT_NVCTR && !opt.nvctr_set[e->arg])
				die("--%s needs --%s", c->option,
				    e->arg == NVCTR_TRUSTED ? "tfw-nvctr" : "ntfw-nvctr");
			if (e->type == EXT_HASH && e->required && images[e->arg].path == NULL)
				die("--%s needs --%s", c->option, images[e->arg].option);
			if (e->type == EXT_KEY)
				key_needed[e->arg] = true;
		}
	}
	/* Images are read when their certificate is made: check now that they
	 * can be, so that a typo fails before any key or certificate is
	 * written. */
	for (i = 0; i < IMG_COUNT; i++) {
		FILE *f;

		if (images[i].path == NULL)
			continue;
		f = fopen(images[i].path, "rb");
		if (f == NULL)
			die("--%s %s: %s", images[i].option, images[i].path, strerror(errno));
		fclose(f);
	}
	/* No certificate: with -n -k, make and save the keys named; without,
	 * read and check them (what the build does with the keys it is given
	 * before it signs anything). */
	if (!any_cert) {
		bool any_key = false;

		for (i = 0; i < KEY_COUNT; i++) {
			key_needed[i] = keys[i].path != NULL;
			any_key = any_key || key_needed[i];
		}
		if (!any_key || opt.new_keys != opt.save_keys)
			die("nothing to do: name a certificate to write, keys to check, or -n -k "
			    "and keys to make (see cert_create -h)");
	}

	for (i = 0; i < KEY_COUNT; i++) {
		if (key_needed[i])
			key_load_or_make(&keys[i]);
	}
	/* One algorithm for the whole chain: a firmware verifies one (KEY_ALG). */
	for (i = 0, j = -1; i < KEY_COUNT; i++) {
		if (keys[i].pkey == NULL)
			continue;
		if (j < 0)
			j = i;
		else if (EVP_PKEY_get_id(keys[i].pkey) != EVP_PKEY_get_id(keys[j].pkey))
			die("--%s %s: an %s key, but --%s is %s: the firmware verifies one algorithm "
			    "(KEY_ALG), so every key of a chain is of it%s",
			    keys[i].option, keys[i].path ? keys[i].path : "(generated)",
			    EVP_PKEY_get_id(keys[i].pkey) == EVP_PKEY_RSA ? "RSA" : "EC",
			    keys[j].option,
			    EVP_PKEY_get_id(keys[j].pkey) == EVP_PKEY_RSA ? "RSA" : "EC",
			    keys[i].generated || keys[j].generated
			            ? " (--key-alg says which the keys generated are)"
			            : "");
	}
	if (opt.save_keys) {
		for (i = 0; i < KEY_COUNT; i++) {
			if (keys[i].generated && keys[i].path != NULL)
				key_save(&keys[i]);
		}
	}
	for (i = 0; i < CERT_COUNT; i++) {
		if (certs[i].path != NULL)
			make_cert(&certs[i]);
	}
	for (i = 0; i < KEY_COUNT; i++)
		EVP_PKEY_free(keys[i].pkey);
	return 0;
}
