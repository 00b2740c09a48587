"""config_mk: the one reader of a build's resolved configuration,
BUILD_DIR/config.mk (make_helpers/options.mk writes it): NAME := value lines."""


def read_config(path):
    """NAME := value lines of a build's config.mk, as a dict of strings.
    OSError when it cannot be read; ValueError, naming it, when it is no
    config.mk (not text, or no NAME := value line)."""
    config = {}
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                name, sep, value = line.partition(":=")
                if sep:
                    config[name.strip()] = value.strip()
    except UnicodeDecodeError:
        raise ValueError(f"{path}: not a build's config.mk (not text)") from None
    if not config:
        raise ValueError(f"{path}: not a build's config.mk (no NAME := value line)")
    return config
