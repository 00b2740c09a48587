# closest.awk -v word=NAME: of the names on stdin (one per line), print the
# one nearest to NAME (optimal string alignment distance: insertions,
# deletions, substitutions and swaps of neighbours each count 1, whatever
# the case of the letters), so that a
# misspelt option can be named with its likely intent.
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
NF { x = distance(toupper(word), toupper($1)); if (best == "" || x < bestd) { best = $1; bestd = x } }
END { print best }
