df --help | sed -n 2p
