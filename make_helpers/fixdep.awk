# fixdep.awk: narrows what an object depends on from the whole resolved
# configuration to the options its code names (the idea of kbuild's fixdep).
#
#   awk -v config_h=CONFIG_H -v build_dir=DIR -v build_var=TEXT -v stamps=TEXT \
#       -f make_helpers/fixdep.awk NAMES DEPFILE
#
# NAMES holds the names of the options config.h defines (white-space
# separated); DEPFILE is the compiler's -MMD -MP output for one target. It
# is rewritten in place (one process per object, no sed or mv beside it:
# starting a process is what a rebuild spends most on) to hold itself
# without config.h (every object reads it, forced in by -include, and
# would otherwise be remade by any option) and one rule more: the target
# depends on DIR/NAME, the stamp of each option named in the source or in
# any header it includes (make_helpers/options.mk rewrites a stamp only
# when its option's value changes). Every word of every such file counts,
# so a macro defined from an option in a header ties each includer to the
# option, and an option named in a comment costs a rebuild, never a stale
# object. Each path under DIR (the build tree: the target, generated
# headers) is written as BUILD_VAR (the text "$(BUILD_DIR)") followed by
# the rest, and each stamp as STAMPS ("$(CONFIG_DIR)") "/NAME", which make
# expands when it includes the file: a copy of the tree
# (tests/lib/copy_build.sh) keeps every dependency, its own.

FILENAME == ARGV[1] {
	for (i = 1; i <= NF; i++)
		if (!($i in option)) {
			option[$i] = 1
			order[++options] = $i
		}
	next
}

{
	n = split($0, word, /[ \t]+/)
	line = ""
	for (i = 1; i <= n; i++) {
		w = word[i]
		if (w == "" || w == config_h || w == config_h ":")
			continue
		path = w
		if (index(w, build_dir "/") == 1)
			w = build_var substr(w, length(build_dir) + 1)
		if (w ~ /:$/) {
			if (target == "")
				target = substr(w, 1, length(w) - 1)
		} else if (w != "\\" && !(path in scanned)) {
			scanned[path] = 1
			files[++nfiles] = path
		}
		line = line (line == "" ? "" : " ") w
	}
	# A line of config.h alone keeps only its continuation.
	if (line != "")
		kept[++lines] = line == "\\" ? " \\" : line
}

END {
	for (f = 1; f <= nfiles; f++) {
		while ((getline text < files[f]) > 0) {
			m = split(text, name, /[^A-Za-z0-9_]+/)
			for (i = 1; i <= m; i++)
				if (name[i] in option)
					named[name[i]] = 1
		}
		close(files[f])
	}
	deps = ""
	for (o = 1; o <= options; o++)
		if (order[o] in named)
			deps = deps " " stamps "/" order[o]
	if (target != "" && deps != "")
		kept[++lines] = target ":" deps
	for (l = 1; l <= lines; l++)
		print kept[l] > FILENAME
	close(FILENAME)
}
