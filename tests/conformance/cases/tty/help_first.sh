tty --help | sed -n 2p
