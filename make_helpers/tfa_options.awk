# tfa_options.awk -v vars="NAME=VALUE ..." -v options="OPTION=VALUE ..."
#                 -v mode=accepted|refused make_helpers/tfa_options.csv
#
# TF-A's build options a TF-A user types, as this build takes them
# (make_helpers/tfa_options.csv: the table docs/tfa-users.rst shows). Of
# the command-line variables VARS that are not options here, those the
# table names are accepted, with one line saying what they mean here, or
# refused, saying why:
#  - mode=accepted: print the names accepted (a word each), and each one's
#    line on standard error ("NAME=VALUE (TF-A's option): ...");
#  - mode=refused: print one sentence per refused name ("NAME=VALUE:
#    TF-A's option; ..."), for make's $(error);
#  - mode=known: print the names the table has (a word each).
# A name the table does not have prints nothing (make then looks for a
# name close to it). The table's second column lists the values taken:
# VALUE, or VALUE:OPTION=V (taken when this build's OPTION is V, from
# OPTIONS); "option" marks a name this build declares itself; empty, none.
BEGIN { FS = "\",\"" }
NR == 1 { next }
{
	gsub(/^"|"$/, "")
	name[NR] = $1; taken[NR] = $2; meaning[NR] = $3
}
# The first row, in the table's order, whose name (% any text) is @n.
function row_of(n,    i, re) {
	for (i = 2; i in name; i++) {
		re = "^" name[i] "$"
		gsub(/%/, ".*", re)
		if (n ~ re)
			return i
	}
	return 0
}
# ok(ROW, VALUE): 1 when ROW takes VALUE with this build's options.
function ok(r, v,    k, n, w, c) {
	n = split(taken[r], w, " ")
	for (k = 1; k <= n; k++) {
		split(w[k], c, ":")
		if (c[1] == v && (c[2] == "" || index(" " options " ", " " c[2] " ")))
			return 1
	}
	return 0
}
# The values ROW takes, for a refusal: "1 with TRUSTED_BOARD_BOOT=1".
function takes(r,    k, n, w, c, s) {
	n = split(taken[r], w, " ")
	for (k = 1; k <= n; k++) {
		split(w[k], c, ":")
		s = s (s == "" ? "" : ", or ") c[1] (c[2] == "" ? "" : " with " c[2])
	}
	return s
}
END {
	n = split(vars, v, " ")
	for (i = 1; i <= n; i++) {
		eq = index(v[i], "=")
		var = substr(v[i], 1, eq - 1); val = substr(v[i], eq + 1)
		r = row_of(var)
		if (!r || taken[r] == "option")
			continue
		if (mode == "known")
			printf "%s ", var
		if (ok(r, val)) {
			if (mode == "accepted") {
				printf "%s ", var
				printf "make: %s=%s (TF-A's option): %s\n", var, val, meaning[r] > "/dev/stderr"
			}
		} else if (mode == "refused") {
			printf "%s=%s: TF-A's option; %s%s. ", var, val, meaning[r],
				taken[r] == "" ? "" : "; here " var " takes only " takes(r)
		}
	}
}
