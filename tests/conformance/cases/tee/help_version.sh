tee --version | head -n1 | cut -d' ' -f1
tee --help | head -n1
