groups --help | sed -n 2p
