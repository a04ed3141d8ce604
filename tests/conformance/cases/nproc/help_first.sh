nproc --help | sed -n 2p
