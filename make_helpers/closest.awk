# closest.awk -v word=NAME: of the names on stdin (one per line), print the
# one nearest to NAME (optimal string alignment distance: insertions,
# deletions, substitutions and swaps of neighbours each count 1, whatever
# the case of the letters), so that a misspelt option can be named with
# its likely intent; nothing when none is close: a suggestion that is
# not a likely typo is noise. Close: at most 1 edit for a name of up to
# 4 letters, 2 up to 8, 3 beyond; or one name inside the other (CLUSTERS
# in QEMU_CLUSTERS), the shorter of 4 letters or more and at least half
# the longer (not QEMU in QEMU_CORES, nor PLAT in ARM_PLAT_MT).
function min(a, b) { return a < b ? a : b }
function distance(s, t,    i, j, m, n, d, c) {
	m = length(s); n = length(t)
	for (i = 0; i <= m; i++) d[i, 0] = i
	for (j = 0; j <= n; j++) d[0, j] = j
	for (i = 1; i <= m; i++)
		for (j = 1; j <= n; j++) {
			c = substr(s, i, 1) != substr(t, j, 1)
			d[i, j] = min(min(d[i - 1, j] + 1, d[i, j - 1] + 1), d[i - 1, j - 1] + c)
			if (i > 1 && j > 1 && substr(s, i, 1) == substr(t, j - 1, 1) &&
			    substr(s, i - 1, 1) == substr(t, j, 1))
				d[i, j] = min(d[i, j], d[i - 2, j - 2] + 1)
		}
	return d[m, n]
}
# Case does not count: qemu_clusters is QEMU_CLUSTERS.
function close_enough(d, s, t,    n) {
	n = length(s) < length(t) ? length(s) : length(t)
	if (n >= 4 && 2 * n >= length(s) + length(t) - n && (index(t, s) || index(s, t)))
		return 1
	return d <= (length(s) <= 4 ? 1 : length(s) <= 8 ? 2 : 3)
}
NF {
	x = distance(toupper(word), toupper($1))
	if (close_enough(x, toupper(word), toupper($1)) && (best == "" || x < bestd)) {
		best = $1
		bestd = x
	}
}
END { if (best != "") print best }
