"""generated: how the host tools write a file the build compiles
(tools/common/pmf.py's pmf_abi.h, tools/rt_report/scenarios.py's
rt_scenarios.h): only when its text changes, so that make, which judges
the file by its content's stamp, remakes nothing else; atomically, so that
a build running beside it never reads half a file."""
import os
import sys


def write_if_changed(path, text):
    """Write @text to @path unless @path holds it already."""
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    except OSError:
        pass
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(path + ".tmp", path)


def c_header_main(argv, doc, text):
    """The command line of a module that generates a C header: @argv
    "--c-header FILE" writes @text() to FILE (above); anything else prints
    the last paragraph of @doc (its usage) and returns 2."""
    if len(argv) != 2 or argv[0] != "--c-header":
        print(doc.strip().split("\n\n")[-1], file=sys.stderr)
        return 2
    write_if_changed(argv[1], text())
    return 0


def c_strings(names):
    """@names as a C initializer of string literals: { "A", "B" }."""
    return "{ " + ", ".join(f'"{n}"' for n in names) + " }"
