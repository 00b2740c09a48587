"""config_mk: the one reader of a build's resolved configuration,
BUILD_DIR/config.mk (make_helpers/options.mk writes it): NAME := value lines."""


def read_config(path):
    """NAME := value lines of a build's config.mk, as a dict of strings."""
    config = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            name, sep, value = line.partition(":=")
            if sep:
                config[name.strip()] = value.strip()
    return config
