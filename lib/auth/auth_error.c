/*
 * Messages for lib/auth's result codes (include/lib/auth/auth.h), the words
 * a boot log shows when an image is refused (docs/design/error-policy.rst).
 */
#include <lib/auth/auth.h>

const char *auth_strerror(int err)
{
	switch (err) {
	case AUTH_OK:
		return "success";
	case AUTH_E_INVALID_ARG:
		return "invalid argument";
	case AUTH_E_CERT_MISSING:
		return "certificate missing";
	case AUTH_E_IMAGE_MISSING:
		return "image missing";
	case AUTH_E_CERT_TOO_LONG:
		return "malformed certificate: longer than 4096 bytes";
	case AUTH_E_CERT_DER:
		return "malformed certificate: not DER X.509 (tag, nesting or truncation)";
	case AUTH_E_CERT_LENGTH:
		return "malformed certificate: an ASN.1 length runs past its container";
	case AUTH_E_CERT_LONG_FORM:
		return "malformed certificate: an ASN.1 length not in its shortest form";
	case AUTH_E_CERT_TRAILING:
		return "malformed certificate: bytes after the certificate";
	case AUTH_E_CERT_VERSION:
		return "malformed certificate: not X.509 v3";
	case AUTH_E_CERT_SIG_ALG:
		return "malformed certificate: inner and outer signature algorithms differ";
	case AUTH_E_CERT_EXT_DUP:
		return "malformed certificate: duplicate extension";
	case AUTH_E_CERT_EXT_CRITICAL:
		return "certificate has an unknown critical extension";
	case AUTH_E_EXT_MISSING:
		return "certificate lacks a required extension";
	case AUTH_E_EXT_MALFORMED:
		return "malformed extension value";
	case AUTH_E_HASH_ALG:
		return "unsupported hash algorithm";
	case AUTH_E_HASH_MISMATCH:
		return "hash does not match its certificate";
	case AUTH_E_SIG_ALG:
		return "unsupported signature algorithm";
	case AUTH_E_KEY:
		return "malformed or unsupported public key";
	case AUTH_E_KEY_ALG:
		return "signature algorithm does not suit the key";
	case AUTH_E_SIG_INVALID:
		return "signature does not verify";
	case AUTH_E_ROTPK_HASH:
		return "platform ROTPK hash is malformed";
	case AUTH_E_ROTPK_MISMATCH:
		return "key does not match the platform's ROTPK hash";
	case AUTH_E_NV_CTR:
		return "NV counter below the platform's";
	case AUTH_E_PARENT:
		return "parent image not authenticated";
	case AUTH_E_PLAT:
		return "platform could not give the ROTPK hash or an NV counter";
	case AUTH_E_NO_MEMORY:
		return "out of crypto heap";
	case AUTH_E_FAULT:
		return "redundant checks disagree (fault injection?)";
	default:
		return "unknown error";
	}
}

_Static_assert(AUTH_CERT_MAX_LEN == 4096u, "update the AUTH_E_CERT_TOO_LONG message");
