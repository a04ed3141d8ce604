stdbuf --help | sed -n 2p
