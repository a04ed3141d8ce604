sync --help | sed -n 2p
