whoami --help | sed -n 2p
